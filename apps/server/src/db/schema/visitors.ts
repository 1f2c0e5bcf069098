/**
 * Visitor checks: which browser fingerprints (visitor ids) each user was seen with. One row per
 * (user, visitor id), with the first and the last time; looked up by visitor id to find other
 * accounts on the same browser.
 */
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns.ts';
import { userIdCascade } from './auth.ts';

export const visitorChecks = pgTable(
  'visitor_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdCascade('user_id'),
    visitorId: text('visitor_id').notNull(),
    createdAt: timestampNow(),
    lastSeenAt: timestampNow('last_seen_at'),
  },
  (t) => [
    uniqueIndex('visitor_checks_user_visitor_idx').on(t.userId, t.visitorId),
    index('visitor_checks_visitor_idx').on(t.visitorId),
  ],
);
