/**
 * What happens when an address is verified: the account holds `pending` (its default) and
 * waits for an application, or becomes moderator when the address is in ADMIN_EMAILS.
 * claimsModifiedTimestamp moves either way so an open tab refreshes its user.
 */
import { eq } from 'drizzle-orm';
import type { RoleId } from '@atelier/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/index.ts';
import { displayedRoleFor } from '../lib/roles.ts';

export function rolesOnVerification(current: readonly RoleId[], isAdmin: boolean): RoleId[] {
  if (!isAdmin) return current.length ? [...current] : ['pending'];
  const kept = current.filter((r) => r !== 'pending' && r !== 'rejected' && r !== 'moderator');
  return ['moderator', ...kept];
}

export function isAdminEmail(config: Pick<Config, 'ADMIN_EMAILS'>, email: string): boolean {
  return config.ADMIN_EMAILS.some((a) => a.toLowerCase() === email.toLowerCase());
}

export async function onEmailVerified(db: Db, config: Config, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: user.email, roles: user.roles })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!row) return;
    const roles = rolesOnVerification(row.roles, isAdminEmail(config, row.email));
    await tx
      .update(user)
      .set({ roles, displayedRole: displayedRoleFor(roles), claimsModifiedAt: new Date() })
      .where(eq(user.id, userId));
  });
}
