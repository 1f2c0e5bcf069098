/** A user's public profile (GET /api/users/:id). */
import { isBanned, isModerator, totalLikes, type UserProfile } from '@atelier/shared';
import type { UserRow } from '../../db/schema/index.ts';

/** banReason only for moderators and the user themself; presence as the database records it. */
export function presentUserProfile(
  row: UserRow,
  viewer: Pick<UserRow, 'id' | 'roles'>,
): UserProfile {
  const counts = {
    postLikeCount: row.postLikeCount,
    commentLikeCount: row.commentLikeCount,
    statusUpdateLikeCount: row.statusUpdateLikeCount,
  };
  const mayReadBan = viewer.id === row.id || isModerator(viewer.roles);
  return {
    id: row.id,
    username: row.username,
    avatarPath: row.avatarPath,
    displayedRole: row.displayedRole,
    roles: row.roles,
    registrationTimestamp: row.createdAt.toISOString(),
    bio: row.bio,
    links: row.links,
    postCount: row.postCount,
    commentCount: row.commentCount,
    ...counts,
    totalLikes: totalLikes(counts),
    isBanned: isBanned(row.roles),
    banReason: mayReadBan && isBanned(row.roles) ? (row.banReason ?? null) : null,
    online: row.online,
    lastSeenTimestamp: row.lastSeenAt?.toISOString() ?? null,
  };
}
