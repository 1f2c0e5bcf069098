/**
 * Tables Better Auth needs (user, session, account, verification). Our profile lives on `user`:
 * Better Auth's `name` field is mapped to `username` and its `image` to `avatarPath` (see
 * auth/auth.ts), so there is one row per person and no duplicated column.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz, timestampNow } from './columns.ts';
import type { AccountDeletionMode, Language, RoleId } from '@atelier/shared';

const timestamps = {
  createdAt: timestampNow(),
  updatedAt: timestampNow('updated_at'),
};

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    /** Unique case-insensitively (index on lower(username)). Better Auth's `name`. */
    username: text('username').notNull(),
    /**
     * The username's confusable skeleton (auth/username.ts): unique, so look-alike names
     * (Cyrillic, fullwidth, Roman numerals…) are taken. Null only for rows written before it
     * existed, until the backfill at start fills them.
     */
    usernameSkeleton: text('username_skeleton'),
    /** Always stored lower-cased (check constraint), so `unique` is case-insensitive. */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** `/media/avatars/<file>` or null. Better Auth's `image`. */
    avatarPath: text('avatar_path'),
    ...timestamps,
    /**
     * Never empty (check constraint): an empty list would mean "no no-access role" = access.
     * A new account holds `pending`; verification confirms it or grants moderator (ADMIN_EMAILS).
     */
    roles: text('roles')
      .array()
      .$type<RoleId[]>()
      .notNull()
      .default(sql`'{pending}'::text[]`),
    displayedRole: text('displayed_role').$type<RoleId>().notNull().default('pending'),
    /** Moves whenever roles change; the client refreshes its user when it sees a newer value. */
    claimsModifiedAt: timestamptz('claims_modified_at').notNull().defaultNow(),
    bio: text('bio').notNull().default(''),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    banReason: text('ban_reason'),
    language: text('language').$type<Language>(),
    usernameChangedAt: timestamptz('username_changed_at'),
    postCount: integer('post_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    postLikeCount: integer('post_like_count').notNull().default(0),
    commentLikeCount: integer('comment_like_count').notNull().default(0),
    statusUpdateLikeCount: integer('status_update_like_count').notNull().default(0),
    /** Presence (issue 4): online while the user has an open socket on some node. */
    online: boolean('online').notNull().default(false),
    /** When the user was last seen online (set when the last socket closes). */
    lastSeenAt: timestamptz('last_seen_at'),
    /**
     * Account deletion (issue 11): asked at this time (with the password); finished by the sweep
     * after the grace period (features/own-data/deletion.ts) unless cancelled.
     */
    deletionRequestedAt: timestamptz('deletion_requested_at'),
    /** What happens to the content: kept under "[deleted user]" or removed. */
    deletionMode: text('deletion_mode').$type<AccountDeletionMode>(),
    /**
     * Set when the deletion finished: the row stays (content kept as "[deleted user]" points at
     * it) with its username, e-mail, profile, password and sessions gone.
     */
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    // Deleted accounts all read "[deleted user]": the names stay unique among the others.
    uniqueIndex('user_username_lower_idx')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    /** Search: `lower(username) like '%…%'` through pg_trgm (migration 0010_search). */
    index('user_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    uniqueIndex('user_username_skeleton_idx').on(t.usernameSkeleton),
    index('user_deletion_due_idx')
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} is not null and ${t.deletedAt} is null`),
    check('user_email_lower', sql`${t.email} = lower(${t.email})`),
    check('user_roles_not_empty', sql`cardinality(${t.roles}) > 0`),
  ],
);

/** A required reference to `user.id`; the row goes with its user. */
export function userIdCascade(name: string) {
  return text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
}

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...timestamps,
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userIdCascade('user_id'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userIdCascade('user_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export type UserRow = typeof user.$inferSelect;
