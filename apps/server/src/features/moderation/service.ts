/** Bans: a moderator bans (with a reason) and unbans users, one transaction each. */
import { desc, eq, sql } from 'drizzle-orm';
import { MAX_PAGE, type RoleId } from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { displayedRoleFor } from '../../lib/roles.ts';

export async function banUser(db: Db, moderatorId: string, targetId: string, reason: string, now = new Date()): Promise<void> {
  if (moderatorId === targetId) throw badRequest('errors.cannotBanSelf');
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ roles: user.roles }).from(user).where(eq(user.id, targetId)).for('update');
    if (!target) throw notFound('errors.userNotFound');
    const roles: RoleId[] = [...target.roles.filter((r) => r !== 'banned'), 'banned'];
    await tx.update(user).set({ roles, displayedRole: 'banned', banReason: reason, claimsModifiedAt: now, updatedAt: now }).where(eq(user.id, targetId));
  });
}

export async function unbanUser(db: Db, targetId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ roles: user.roles }).from(user).where(eq(user.id, targetId)).for('update');
    if (!target) throw notFound('errors.userNotFound');
    if (!target.roles.includes('banned')) return;
    const remaining = target.roles.filter((r) => r !== 'banned');
    const roles: RoleId[] = remaining.length ? remaining : ['pending'];
    await tx
      .update(user)
      .set({ roles, displayedRole: displayedRoleFor(roles), banReason: null, claimsModifiedAt: now, updatedAt: now })
      .where(eq(user.id, targetId));
  });
}

export async function listBanned(db: Db) {
  return db
    .select({ id: user.id, username: user.username, displayedRole: user.displayedRole, avatarPath: user.avatarPath, banReason: user.banReason })
    .from(user)
    .where(sql`'banned' = any(${user.roles})`)
    .orderBy(desc(user.claimsModifiedAt))
    .limit(MAX_PAGE);
}
