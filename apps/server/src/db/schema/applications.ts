/** Access applications: one pending per user at a time (partial unique index). */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { uuidPrimaryKey, timestamptz, timestampNow } from './columns.ts';
import type { ApplicationState, RequestedType, RoleId } from '@atelier/shared';
import { user, userIdCascade } from './auth.ts';

export const applications = pgTable(
  'applications',
  {
    id: uuidPrimaryKey(),
    applicantId: userIdCascade('applicant_id'),
    requestedType: text('requested_type').$type<RequestedType>().notNull(),
    aboutYou: text('about_you').notNull(),
    whyJoin: text('why_join').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    state: text('state').$type<ApplicationState>().notNull().default('pending'),
    reviewerId: text('reviewer_id').references(() => user.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    grantedRole: text('granted_role').$type<RoleId>(),
    createdAt: timestampNow(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    uniqueIndex('applications_one_pending_idx')
      .on(t.applicantId)
      .where(sql`${t.state} = 'pending'`),
    index('applications_applicant_idx').on(t.applicantId, t.createdAt),
    index('applications_state_idx').on(t.state, t.createdAt),
  ],
);

export type ApplicationRow = typeof applications.$inferSelect;
