/**
 * Bans: a moderator bans (with a reason) and unbans users. Each is one transaction that also writes
 * the mod log and records `user.changed` (the user's open tabs refetch their user and the guard
 * takes them to /banned, or away from it). `banInTx` lets another action (a report's "ban the
 * author") ban inside its own transaction.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { MAX_PAGE, type RoleId } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { displayedRoleFor } from '../../lib/roles.ts';
import { recordEvent } from '../../live/events.ts';
import { writeModLog } from '../modlog/service.ts';

export async function banInTx(
  tx: Tx,
  moderatorId: string,
  targetId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  if (moderatorId === targetId) throw badRequest('errors.cannotBanSelf');
  const [target] = await tx
    .select({ roles: user.roles })
    .from(user)
    .where(eq(user.id, targetId))
    .for('update');
  if (!target) throw notFound('errors.userNotFound');
  const roles: RoleId[] = [...target.roles.filter((r) => r !== 'banned'), 'banned'];
  await tx
    .update(user)
    .set({
      roles,
      displayedRole: 'banned',
      banReason: reason,
      claimsModifiedAt: now,
      updatedAt: now,
    })
    .where(eq(user.id, targetId));
  await writeModLog(tx, {
    moderatorId,
    action: 'userBanned',
    targetType: 'user',
    targetId,
    subjectUserId: targetId,
    reason,
    data: { roles: target.roles },
  });
  await recordEvent(tx, {
    type: 'user.changed',
    actorId: moderatorId,
    data: { userId: targetId, claimsModifiedTimestamp: now.toISOString() },
  });
}

export async function banUser(
  db: Db,
  moderatorId: string,
  targetId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  await db.transaction((tx) => banInTx(tx, moderatorId, targetId, reason, now));
}

export async function unbanUser(
  db: Db,
  moderatorId: string,
  targetId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ roles: user.roles, banReason: user.banReason })
      .from(user)
      .where(eq(user.id, targetId))
      .for('update');
    if (!target) throw notFound('errors.userNotFound');
    if (!target.roles.includes('banned')) return;
    const remaining = target.roles.filter((r) => r !== 'banned');
    const roles: RoleId[] = remaining.length ? remaining : ['pending'];
    await tx
      .update(user)
      .set({
        roles,
        displayedRole: displayedRoleFor(roles),
        banReason: null,
        claimsModifiedAt: now,
        updatedAt: now,
      })
      .where(eq(user.id, targetId));
    await writeModLog(tx, {
      moderatorId,
      action: 'userUnbanned',
      targetType: 'user',
      targetId,
      subjectUserId: targetId,
      data: { banReason: target.banReason, roles },
    });
    await recordEvent(tx, {
      type: 'user.changed',
      actorId: moderatorId,
      data: { userId: targetId, claimsModifiedTimestamp: now.toISOString() },
    });
  });
}

export async function listBanned(db: Db) {
  return db
    .select({
      id: user.id,
      username: user.username,
      displayedRole: user.displayedRole,
      avatarPath: user.avatarPath,
      banReason: user.banReason,
    })
    .from(user)
    .where(sql`'banned' = any(${user.roles})`)
    .orderBy(desc(user.claimsModifiedAt))
    .limit(MAX_PAGE);
}
