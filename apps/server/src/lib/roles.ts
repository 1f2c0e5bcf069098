/** Server-side role bookkeeping on top of the shared role rules. */
import { isBanned, type RoleId } from '@atelier/shared';

/** The role shown when roles change: `banned` while banned, else the first role. */
export function displayedRoleFor(roles: readonly RoleId[]): RoleId {
  if (isBanned(roles)) return 'banned';
  return roles[0] ?? 'pending';
}

/** The displayed role after a change of roles: kept if still held, else `displayedRoleFor`. */
export function keepDisplayedRole(current: RoleId, roles: readonly RoleId[]): RoleId {
  if (isBanned(roles)) return 'banned';
  return roles.includes(current) ? current : displayedRoleFor(roles);
}

/** Roles that only mean "waiting for a decision on an application". */
const applicationRoles: readonly RoleId[] = ['pending', 'rejected'];

/**
 * Roles after a moderator approves an application with `granted`: the granted role replaces
 * pending/rejected; other roles (a ban, a role given by the CLI) stay.
 */
export function rolesAfterApproval(current: readonly RoleId[], granted: RoleId): RoleId[] {
  const others = current.filter(
    (r) => !applicationRoles.includes(r) && r !== granted && r !== 'banned',
  );
  return [granted, ...others, ...(isBanned(current) ? (['banned'] as const) : [])];
}

/** Roles after a rejection: `rejected` instead of pending, unless access was given another way. */
export function rolesAfterRejection(current: readonly RoleId[]): RoleId[] {
  const others = current.filter((r) => !applicationRoles.includes(r) && r !== 'banned');
  return [
    ...(others.length ? others : (['rejected'] as const)),
    ...(isBanned(current) ? (['banned'] as const) : []),
  ];
}

/** Roles when a rejected user applies again: pending instead of rejected. */
export function rolesOnReapplication(current: readonly RoleId[]): RoleId[] {
  const replaced = current.map((r) => (r === 'rejected' ? 'pending' : r));
  return [...new Set(replaced)];
}
