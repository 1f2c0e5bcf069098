/** Reads of profiles: a user the viewer may see, and their published posts. */
import { eq, sql } from 'drizzle-orm';
import {
  hasAccess,
  isBanned,
  isModerator,
  pageSize,
  type Page,
  type PostSummary,
} from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { user, type UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { listPostSummaries } from '../posts/queries.ts';

/**
 * The user if the viewer may open their profile; 404 errors.userNotFound otherwise. Users
 * without access other than banned ones (pending, rejected) are visible only to moderators and
 * to themselves.
 */
export async function visibleUser(db: Db, id: string, viewer: UserRow): Promise<UserRow> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) throw notFound('errors.userNotFound');
  const listed = hasAccess(row.roles) || isBanned(row.roles);
  if (!listed && !isModerator(viewer.roles) && row.id !== viewer.id) {
    throw notFound('errors.userNotFound');
  }
  return row;
}

/** The id of the (not deleted) user with this username, case-insensitively, if any. */
export async function userIdByUsername(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.username}) = lower(${username}) and ${user.deletedAt} is null`)
    .limit(1);
  return row?.id ?? null;
}

/** Their published posts, newest first. */
export async function profilePosts(
  db: Db,
  id: string,
  viewer: UserRow,
  page: { cursor?: string | undefined; limit?: number | undefined },
): Promise<Page<PostSummary>> {
  const row = await visibleUser(db, id, viewer);
  return listPostSummaries(
    db,
    { sort: 'new', authorId: row.id, cursor: page.cursor, limit: page.limit ?? pageSize.posts },
    viewer.id,
  );
}
