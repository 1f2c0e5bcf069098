/**
 * Live (issue 4): domain events recorded by mutations in their own transaction, and the
 * notifications the dispatcher derives from them after commit (src/live/dispatcher.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidPrimaryKey, timestamptz, timestampNow } from './columns.ts';
import type { NotificationType } from '@atelier/shared';
import { userIdCascade } from './auth.ts';

export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    /** Who did it (no foreign key: the log outlives its actors). */
    actorId: text('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestampNow(),
    /** Set by the dispatcher in the transaction that derives the event's notifications. */
    dispatchedAt: timestamptz('dispatched_at'),
    /** Failed dispatch attempts (its handler threw, or its notification could not be inserted). */
    attempts: integer('attempts').notNull().default(0),
    /** After a failure: not claimed again before this time (exponential backoff). */
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** The last failure's message. */
    lastError: text('last_error'),
    /** Set after EVENTS_MAX_ATTEMPTS failures: never claimed again (kept for an operator). */
    parkedAt: timestamptz('parked_at'),
  },
  (t) => [
    index('domain_events_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null and ${t.parkedAt} is null`),
    index('domain_events_dispatched_at_idx')
      .on(t.dispatchedAt)
      .where(sql`${t.dispatchedAt} is not null`),
    index('domain_events_parked_idx')
      .on(t.parkedAt)
      .where(sql`${t.parkedAt} is not null`),
  ],
);

/**
 * A snapshot of what the notification shows (the post title, excerpts…), as the seed stores it:
 * ids of posts, comments and statuses have no foreign keys (the notification may outlive them).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidPrimaryKey(),
    recipientId: userIdCascade('recipient_id'),
    type: text('type').$type<NotificationType>().notNull(),
    authorId: userIdCascade('author_id'),
    postId: uuid('post_id'),
    postAuthorId: text('post_author_id'),
    postTitle: text('post_title'),
    commentId: uuid('comment_id'),
    replyId: uuid('reply_id'),
    statusId: uuid('status_id'),
    /** Comments and replies: the text; promotion: the moderator's note. */
    content: text('content'),
    repliedContent: text('replied_content'),
    /**
     * postRemoval: the reason; applicationApproved and promotion: the role granted; credit: the
     * kind (the credited post's title is in `content`, the crediting post in post_*).
     */
    reason: text('reason'),
    otherReason: text('other_reason'),
    /** mention and like: what the notification is about (a `MentionTargetType` / `LikeTargetType`). */
    target: text('target'),
    /**
     * like: the liked item (`target:id`); an undismissed notification per recipient and key at
     * most, so further likes update it (the unique index below) instead of adding one.
     */
    groupKey: text('group_key'),
    /** like: who liked, oldest first (the author is the latest). */
    actorIds: text('actor_ids').array(),
    dismissed: boolean('dismissed').notNull().default(false),
    dismissedAt: timestamptz('dismissed_at'),
    createdAt: timestampNow(),
  },
  (t) => [
    index('notifications_recipient_idx')
      .on(t.recipientId, t.createdAt.desc().nullsFirst())
      .where(sql`not ${t.dismissed}`),
    // The history (/notifications): every notification of a recipient, newest first.
    index('notifications_history_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('notifications_group_idx')
      .on(t.recipientId, t.groupKey)
      .where(sql`not ${t.dismissed} and ${t.groupKey} is not null`),
  ],
);

/** Types a user switched off (no row: on). A switched-off type is not created for that user. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: userIdCascade('user_id'),
    type: text('type').$type<NotificationType>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestampNow('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
