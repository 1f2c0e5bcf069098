/** Account changes of the signed-in user, each in one transaction. */
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { isBanned, limits, type AccountUpdate } from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { user, type UserRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { addDays } from '../../lib/time.ts';
import { usernameKey } from '../../auth/username.ts';
import { recordEvent } from '../../live/events.ts';
import type { MediaStore } from '../../lib/storage/index.ts';
import { removeAvatar, toAvatarWebp, writeAvatar } from './avatar.ts';

const usernameTaken = () => conflict('errors.usernameTaken', { username: 'errors.usernameTaken' });

export async function getUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) throw unauthorized();
  return row;
}

export async function updateAccount(
  db: Db,
  userId: string,
  input: AccountUpdate,
  now = new Date(),
): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
      if (!row) throw unauthorized();
      const patch: Partial<UserRow> = {};
      // A banned user keeps their language but changes nothing that others see.
      if (isBanned(row.roles)) {
        const visible = (['username', 'bio', 'links'] as const).filter(
          (k) => input[k] !== undefined,
        );
        if (visible.length > 0)
          throw new AppError(
            403,
            'errors.banned',
            'errors.banned',
            Object.fromEntries(visible.map((k) => [k, 'errors.banned'])),
          );
      }

      if (input.username !== undefined && input.username !== row.username) {
        const allowedAt = row.usernameChangedAt
          ? addDays(row.usernameChangedAt, limits.usernameChangeDays)
          : null;
        if (allowedAt && allowedAt > now) {
          throw new AppError(403, 'errors.usernameChangeTooSoon', 'errors.usernameChangeTooSoon', {
            username: 'errors.usernameChangeTooSoon',
            usernameChangeAllowedAt: allowedAt.toISOString(),
          });
        }
        const key = usernameKey(input.username);
        // Taken case-insensitively or by a look-alike (auth/username.ts); the own name's
        // variants (another case, a look-alike of it) are fine.
        const [other] = await tx
          .select({ id: user.id })
          .from(user)
          .where(
            and(
              or(
                sql`lower(${user.username}) = lower(${input.username})`,
                eq(user.usernameSkeleton, key),
              ),
              ne(user.id, userId),
            ),
          );
        if (other) throw usernameTaken();
        patch.username = input.username;
        patch.usernameSkeleton = key;
        patch.usernameChangedAt = now;
      }
      if (input.bio !== undefined) patch.bio = input.bio;
      if (input.links !== undefined) patch.links = input.links;
      if (input.language !== undefined) patch.language = input.language;
      if (input.displayedRole !== undefined && input.displayedRole !== row.displayedRole) {
        if (!row.roles.includes(input.displayedRole))
          throw badRequest('errors.roleNotHeld', { displayedRole: 'errors.roleNotHeld' });
        // A banned user shows the ban; the role comes back with the unban.
        if (isBanned(row.roles))
          throw new AppError(403, 'errors.banned', 'errors.banned', {
            displayedRole: 'errors.banned',
          });
        patch.displayedRole = input.displayedRole;
      }
      if (Object.keys(patch).length === 0) return row;
      const [updated] = await tx
        .update(user)
        .set({ ...patch, updatedAt: now })
        .where(eq(user.id, userId))
        .returning();
      // The user's other tabs refetch their user (menu name, displayed role, language).
      await recordEvent(tx, {
        type: 'user.changed',
        actorId: userId,
        data: { userId, claimsModifiedTimestamp: row.claimsModifiedAt.toISOString() },
      });
      return updated ?? row;
    });
  } catch (err) {
    if (
      isUniqueViolation(err, 'user_username_lower_idx') ||
      isUniqueViolation(err, 'user_username_skeleton_idx')
    )
      throw usernameTaken();
    throw err;
  }
}

/** Sets (or clears) the avatar path; returns the updated row and the path it replaced. */
export async function setAvatarPath(
  db: Db,
  userId: string,
  avatarPath: string | null,
): Promise<{ row: UserRow; previous: string | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatarPath: user.avatarPath })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!row) throw unauthorized();
    const [updated] = await tx
      .update(user)
      .set({ avatarPath, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning();
    if (!updated) throw unauthorized();
    return { row: updated, previous: row.avatarPath };
  });
}

/**
 * Makes the image (any accepted format) the user's avatar: re-encoded, written to the store, the
 * path set, the previous file removed (the new one is removed again if the row cannot be set).
 */
export async function replaceAvatar(
  db: Db,
  store: MediaStore,
  userId: string,
  upload: Buffer,
): Promise<UserRow> {
  const avatarPath = await writeAvatar(store, await toAvatarWebp(upload));
  let result;
  try {
    result = await setAvatarPath(db, userId, avatarPath);
  } catch (err) {
    await removeAvatar(store, avatarPath);
    throw err;
  }
  await removeAvatar(store, result.previous);
  return result.row;
}

/** Removes the user's avatar (the row, then the file). */
export async function clearAvatar(db: Db, store: MediaStore, userId: string): Promise<UserRow> {
  const { row, previous } = await setAvatarPath(db, userId, null);
  await removeAvatar(store, previous);
  return row;
}
