/**
 * Role changes made from the command line (`npm run admin -- grant moderator EMAIL`): the way to
 * make the first moderator on any database, and to fix roles by hand. One transaction each;
 * claimsModifiedTimestamp moves and a `user.changed` event is recorded, so a running server (the
 * event dispatcher's sweep, within seconds) drops the user's cached sessions and refreshes their
 * open tabs.
 */
import { eq } from 'drizzle-orm';
import { isBanned, roles as roleInfo, type RoleId } from '@atelier/shared';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/index.ts';
import { keepDisplayedRole } from '../lib/roles.ts';
import { recordEvent } from '../live/events.ts';

/** Roles the CLI may grant or revoke: every role that gives access. */
export const cliRoles = (Object.keys(roleInfo) as RoleId[]).filter((r) => !roleInfo[r].noAccess);

export class CliError extends Error {}

export interface RoleChange {
  email: string;
  roles: RoleId[];
  displayedRole: RoleId;
  changed: boolean;
}

export async function changeRole(
  db: Db,
  action: 'grant' | 'revoke',
  role: RoleId,
  email: string,
  now = new Date(),
): Promise<RoleChange> {
  if (!cliRoles.includes(role))
    throw new CliError(`Unknown role "${role}". Roles: ${cliRoles.join(', ')}.`);
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(eq(user.email, address)).for('update');
    if (!row) throw new CliError(`No account with the e-mail address ${address}.`);
    const banned = isBanned(row.roles);
    let next: RoleId[];
    if (action === 'grant') {
      // Access replaces pending/rejected; a ban stays.
      const others = row.roles.filter((r) => !roleInfo[r].noAccess && r !== role);
      next = [role, ...others, ...(banned ? (['banned'] as const) : [])];
    } else {
      const others = row.roles.filter((r) => r !== role && r !== 'banned');
      next = [
        ...(others.length ? others : (['pending'] as const)),
        ...(banned ? (['banned'] as const) : []),
      ];
    }
    const changed = next.join() !== row.roles.join();
    const displayedRole =
      action === 'grant' && !banned ? role : keepDisplayedRole(row.displayedRole, next);
    if (changed || displayedRole !== row.displayedRole) {
      await tx
        .update(user)
        .set({ roles: next, displayedRole, claimsModifiedAt: now, updatedAt: now })
        .where(eq(user.id, row.id));
      await recordEvent(tx, {
        type: 'user.changed',
        actorId: null,
        data: { userId: row.id, claimsModifiedTimestamp: now.toISOString() },
      });
    }
    return { email: address, roles: next, displayedRole, changed };
  });
}
