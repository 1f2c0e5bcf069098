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
import { presentPublicUser, publicUserColumns } from '../users/presenter.ts';
import { recordEvent } from '../../live/events.ts';
import { writeModLog, type ModLogEntry } from '../modlog/service.ts';

export async function banInTx(
  tx: Tx,
  moderatorId: string,
  targetId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  if (moderatorId === targetId) throw badRequest('errors.cannotBanSelf');
  const target = await lockTarget(tx, targetId);
  const roles: RoleId[] = [...target.roles.filter((r) => r !== 'banned'), 'banned'];
  await changeClaims(
    tx,
    moderatorId,
    targetId,
    { roles, displayedRole: 'banned', banReason: reason },
    { action: 'userBanned', reason, data: { roles: target.roles } },
    now,
  );
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
    const target = await lockTarget(tx, targetId);
    if (!target.roles.includes('banned')) return;
    const remaining = target.roles.filter((r) => r !== 'banned');
    const roles: RoleId[] = remaining.length ? remaining : ['pending'];
    await changeClaims(
      tx,
      moderatorId,
      targetId,
      { roles, displayedRole: displayedRoleFor(roles), banReason: null },
      { action: 'userUnbanned', data: { banReason: target.banReason, roles } },
      now,
    );
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
      ...publicUserColumns(user),
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
    await changeClaims(
      tx,
      moderatorId,
      targetId,
      { roles, displayedRole },
      { action: 'rolesChanged', data: { oldRoles: target.roles, newRoles: roles } },
      now,
    );
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
    await changeClaims(
      tx,
      moderatorId,
      targetId,
      { displayedRole },
      {
        action: 'displayedRoleReset',
        data: { oldDisplayedRole: target.displayedRole, newDisplayedRole: displayedRole },
      },
      now,
    );
  });
}

/**
 * A moderator's change to the target's claims (roles, displayed role, ban reason), in their
 * transaction: the row (claims modified now), its mod-log row about the target, and
 * `user.changed` (the target's open tabs refetch their user).
 */
async function changeClaims(
  tx: Tx,
  moderatorId: string,
  targetId: string,
  claims: Pick<Partial<typeof user.$inferInsert>, 'roles' | 'displayedRole' | 'banReason'>,
  log: Pick<ModLogEntry, 'action' | 'reason' | 'data'>,
  now: Date,
): Promise<void> {
  await tx
    .update(user)
    .set({ ...claims, claimsModifiedAt: now, updatedAt: now })
    .where(eq(user.id, targetId));
  await writeModLog(tx, {
    moderatorId,
    targetType: 'user',
    targetId,
    subjectUserId: targetId,
    ...log,
  });
  await userChanged(tx, moderatorId, targetId, now);
}

/** The user a moderator acts on, locked (404 errors.userNotFound if there is none). */
async function lockTarget(tx: Tx, targetId: string) {
  const [target] = await tx
    .select({ roles: user.roles, displayedRole: user.displayedRole, banReason: user.banReason })
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
      ...publicUserColumns(user),
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
