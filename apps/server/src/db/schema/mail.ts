/**
 * The mail outbox (src/mail/outbox.ts): sending a mail inserts a row; the delivery worker hands it
 * to the transport, retries with backoff, parks it after MAIL_RETRY_MAX_HOURS (or at once on a
 * permanent 5xx refusal), and prunes sent rows after MAIL_KEEP_DAYS.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, timestampNow } from './columns.ts';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The link the mail carries (logged for local installs and by the admin command). */
    link: text('link').notNull(),
    createdAt: timestampNow(),
    /** Delivery attempts started so far. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the row is due. A worker that claims a row moves it a lease ahead (a node that dies
     * mid-delivery leaves it to be retried then); a failure moves it to the next retry.
     */
    nextAttemptAt: timestampNow('next_attempt_at'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    /** Given up on (permanent refusal, or retried for MAIL_RETRY_MAX_HOURS); re-queued by hand. */
    parkedAt: timestamptz('parked_at'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.parkedAt} is null`),
    index('mail_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
