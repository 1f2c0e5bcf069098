/** Users as the API shows them: never a raw row. */
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  hasAccess,
  isBanned,
  isModerator,
  type CurrentUser,
  type PublicUser,
} from '@atelier/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { addDays } from '../../lib/time.ts';

export type PublicUserRow = Pick<UserRow, 'id' | 'username' | 'displayedRole' | 'avatarPath'>;

/** The `author_…` fields of a raw SQL row (posts, series) as a public user. */
export function presentAuthorFields(row: {
  author_id: string;
  author_username: string;
  author_displayed_role: PublicUserRow['displayedRole'];
  author_avatar_path: string | null;
}): PublicUser {
  return presentPublicUser({
    id: row.author_id,
    username: row.author_username,
    displayedRole: row.author_displayed_role,
    avatarPath: row.author_avatar_path,
  });
}

/**
 * The columns of a `PublicUserRow` in `table` (`user` or an alias of it), to spread into a
 * `.select({...})` or nest under a key; the columns keep their Drizzle types.
 */
export function publicUserColumns<T extends { [K in keyof PublicUserRow]: T[K] }>(
  table: T,
): { [K in keyof PublicUserRow]: T[K] } {
  return {
    id: table.id,
    username: table.username,
    displayedRole: table.displayedRole,
    avatarPath: table.avatarPath,
  };
}

export function presentPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    displayedRole: row.displayedRole,
    ...(row.avatarPath ? { avatarPath: row.avatarPath } : {}),
  };
}

export function presentCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    username: row.username,
    avatarPath: row.avatarPath,
    registrationTimestamp: row.createdAt.toISOString(),
    roles: row.roles,
    displayedRole: row.displayedRole,
    postCount: row.postCount,
    commentCount: row.commentCount,
    postLikeCount: row.postLikeCount,
    commentLikeCount: row.commentLikeCount,
    statusUpdateLikeCount: row.statusUpdateLikeCount,
    claimsModifiedTimestamp: row.claimsModifiedAt.toISOString(),
    bio: row.bio,
    links: row.links,
    banReason: row.banReason,
    language: row.language,
    usernameChangedTimestamp: row.usernameChangedAt?.toISOString() ?? null,
    deletionScheduledTimestamp: row.deletionRequestedAt
      ? addDays(row.deletionRequestedAt, ACCOUNT_DELETION_GRACE_DAYS).toISOString()
      : null,
    deletionMode: row.deletionRequestedAt ? row.deletionMode : null,
    hasAccess: hasAccess(row.roles),
    isBanned: isBanned(row.roles),
    isModerator: isModerator(row.roles),
  };
}
