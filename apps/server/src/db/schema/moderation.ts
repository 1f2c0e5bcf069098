/**
 * Moderation (issue 5): reports, moderator notes, the mod log and promotion requests.
 *
 * - A report names its target by (type, id) without a foreign key (comments, replies and statuses
 *   live in different tables, and the report outlives a removed target); `target_user_id` is the
 *   author of the target (or the user reported), so reports about a user are found by index.
 * - One open report per reporter and target (partial unique index): a second report updates it.
 * - The mod log is append-only: every moderator action, who, when, what and why.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidPrimaryKey, timestamptz, timestampNow } from './columns.ts';
import { user, userIdCascade } from './auth.ts';

export type ReportTargetType =
  'post' | 'comment' | 'commentReply' | 'statusUpdate' | 'statusReply' | 'user';
export type ReportState = 'open' | 'resolved' | 'dismissed';
export type PromotionState = 'pending' | 'approved' | 'declined';

export const reports = pgTable(
  'reports',
  {
    id: uuidPrimaryKey(),
    reporterId: userIdCascade('reporter_id'),
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: text('target_id').notNull(),
    /** The author of the reported content, or the reported user. */
    targetUserId: text('target_user_id').references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    otherReason: text('other_reason'),
    details: text('details').notNull().default(''),
    state: text('state').$type<ReportState>().notNull().default('open'),
    moderatorId: text('moderator_id').references(() => user.id, { onDelete: 'set null' }),
    /** What the moderator did: dismissed, removed, banned… */
    action: text('action'),
    createdAt: timestampNow(),
    updatedAt: timestampNow('updated_at'),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    uniqueIndex('reports_one_open_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.state} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId, t.state),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'open'`),
    index('reports_target_user_idx').on(t.targetUserId, t.createdAt),
  ],
);

export const moderatorNotes = pgTable(
  'moderator_notes',
  {
    id: uuidPrimaryKey(),
    subjectId: userIdCascade('subject_id'),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestampNow(),
  },
  (t) => [index('moderator_notes_subject_idx').on(t.subjectId, t.createdAt)],
);

export const modLog = pgTable(
  'mod_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    moderatorId: text('moderator_id').references(() => user.id, { onDelete: 'set null' }),
    /** applicationApproved, applicationRejected, promotionApproved, promotionDeclined, postRemoved,
     * commentRemoved, …, reportDismissed, userBanned, userUnbanned, rolesChanged, tagCreated,
     * tagUpdated, tagDeleted, noteAdded, noteDeleted. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The user the action is about (the author of removed content, the banned user…). */
    subjectUserId: text('subject_user_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** What changed (old and new roles, the post title…): shown in the log as it was. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestampNow(),
  },
  (t) => [
    index('mod_log_created_idx').on(t.createdAt),
    index('mod_log_action_idx').on(t.action, t.createdAt),
    index('mod_log_moderator_idx').on(t.moderatorId, t.createdAt),
    index('mod_log_subject_idx').on(t.subjectUserId, t.createdAt),
  ],
);

export const promotionRequests = pgTable(
  'promotion_requests',
  {
    id: uuidPrimaryKey(),
    userId: userIdCascade('user_id'),
    /** faker | writer | aiArtist: the probation role's type; approval grants advanced-X. */
    roleType: text('role_type').notNull(),
    /** Up to five of the user's own posts. */
    postIds: uuid('post_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    message: text('message').notNull().default(''),
    state: text('state').$type<PromotionState>().notNull().default('pending'),
    reviewerId: text('reviewer_id').references(() => user.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    createdAt: timestampNow(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    uniqueIndex('promotion_requests_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    index('promotion_requests_state_idx').on(t.state, t.createdAt),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
export type ModeratorNoteRow = typeof moderatorNotes.$inferSelect;
export type ModLogRow = typeof modLog.$inferSelect;
export type PromotionRequestRow = typeof promotionRequests.$inferSelect;
