/**
 * Moderation of users: bans, roles, the displayed role, accounts sharing a visitor id.
 *
 * Bans: a moderator bans (with a reason) and unbans users. Each is one transaction that also writes
 * the mod log and records `user.changed` (the user's open tabs refetch their user and the guard
 * takes them to /banned, or away from it). `banInTx` lets another action (a report's "ban the
 * author") ban inside its own transaction.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  isBanned,
  isModerator,
  MAX_PAGE,
  rolesProblem,
  sortRoles,
  type EditableRole,
  type RoleId,
  type SharedVisitorAccount,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import { user, visitorChecks } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { displayedRoleFor, keepDisplayedRole } from '../../lib/roles.ts';
import { presentPublicUser } from '../users/presenter.ts';
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
  await recordEvent(tx, {
    type: 'user.banned',
    actorId: moderatorId,
    data: { recipientId: targetId, reason },
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
    await recordEvent(tx, {
      type: 'user.unbanned',
      actorId: moderatorId,
      data: { recipientId: targetId },
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

/**
 * Sets the roles a moderator may edit (`editableRoles`): the given list replaces every role but
 * `banned`, which stays (bans have their own action); `pending` and `rejected` go, since the list
 * holds at least one role with access. A moderator cannot take their own moderator role. The
 * displayed role is kept if still held. One transaction with its mod-log row and `user.changed`;
 * the same roles again change nothing.
 */
export async function setRoles(
  db: Db,
  moderatorId: string,
  targetId: string,
  input: readonly EditableRole[],
  now = new Date(),
): Promise<void> {
  const problem = rolesProblem(input);
  if (problem) throw badRequest('errors.validation', { roles: problem });
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, targetId);
    if (moderatorId === targetId && isModerator(target.roles) && !input.includes('moderator')) {
      throw badRequest('errors.moderation.cannotRemoveOwnModerator', {
        roles: 'errors.moderation.cannotRemoveOwnModerator',
      });
    }
    const roles: RoleId[] = [
      ...sortRoles(input),
      ...(isBanned(target.roles) ? (['banned'] as const) : []),
    ];
    if (roles.join() === target.roles.join()) return;
    const displayedRole = keepDisplayedRole(target.displayedRole, roles);
    await tx
      .update(user)
      .set({ roles, displayedRole, claimsModifiedAt: now, updatedAt: now })
      .where(eq(user.id, targetId));
    await writeModLog(tx, {
      moderatorId,
      action: 'rolesChanged',
      targetType: 'user',
      targetId,
      subjectUserId: targetId,
      data: { oldRoles: target.roles, newRoles: roles },
    });
    await userChanged(tx, moderatorId, targetId, now);
    // A role of higher standing gained (advanced-X or moderator) is a promotion: mailed.
    const gained = roles.find(
      (r) => !target.roles.includes(r) && (r === 'moderator' || r.startsWith('advanced-')),
    );
    if (gained) {
      await recordEvent(tx, {
        type: 'user.promoted',
        actorId: moderatorId,
        data: { recipientId: targetId, role: gained, note: null },
      });
    }
  });
}

/** The displayed role back to the default (`banned` while banned, else the first role). */
export async function resetDisplayedRole(
  db: Db,
  moderatorId: string,
  targetId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, targetId);
    const displayedRole = displayedRoleFor(target.roles);
    if (displayedRole === target.displayedRole) return;
    await tx
      .update(user)
      .set({ displayedRole, claimsModifiedAt: now, updatedAt: now })
      .where(eq(user.id, targetId));
    await writeModLog(tx, {
      moderatorId,
      action: 'displayedRoleReset',
      targetType: 'user',
      targetId,
      subjectUserId: targetId,
      data: { oldDisplayedRole: target.displayedRole, newDisplayedRole: displayedRole },
    });
    await userChanged(tx, moderatorId, targetId, now);
  });
}

async function lockTarget(tx: Tx, targetId: string) {
  const [target] = await tx
    .select({ roles: user.roles, displayedRole: user.displayedRole })
    .from(user)
    .where(eq(user.id, targetId))
    .for('update');
  if (!target) throw notFound('errors.userNotFound');
  return target;
}

export async function userChanged(
  tx: Tx,
  actorId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await recordEvent(tx, {
    type: 'user.changed',
    actorId,
    data: { userId, claimsModifiedTimestamp: now.toISOString() },
  });
}

const other = alias(visitorChecks, 'other_check');

/**
 * The other accounts that used a visitor id this user used: one statement, newest first. "Last
 * seen together" is, per shared id, the earlier of the two last sightings; the latest of those.
 */
export async function sharedVisitorAccounts(
  db: Db,
  userId: string,
): Promise<SharedVisitorAccount[]> {
  const lastSeen = sql<Date>`max(least(${visitorChecks.lastSeenAt}, ${other.lastSeenAt}))`;
  const rows = await db
    .select({
      id: user.id,
      username: user.username,
      displayedRole: user.displayedRole,
      avatarPath: user.avatarPath,
      roles: user.roles,
      shared: sql<number>`count(*)::int`,
      lastSeen,
    })
    .from(visitorChecks)
    .innerJoin(
      other,
      and(eq(other.visitorId, visitorChecks.visitorId), ne(other.userId, visitorChecks.userId)),
    )
    .innerJoin(user, eq(user.id, other.userId))
    .where(eq(visitorChecks.userId, userId))
    .groupBy(user.id)
    .orderBy(desc(lastSeen), asc(user.username))
    .limit(100);
  return rows.map((row) => ({
    user: presentPublicUser(row),
    isBanned: isBanned(row.roles),
    sharedVisitorIds: row.shared,
    lastSeenTogether: new Date(row.lastSeen).toISOString(),
  }));
}
