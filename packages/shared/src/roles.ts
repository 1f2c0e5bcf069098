/**
 * The eleven roles of the seed, with their type, advanced flag, colour and no-access flag.
 * A user holds one or more roles and picks the one displayed (`displayedRole`).
 */
export const roleTypes = ['faker', 'writer', 'aiArtist'] as const;
export type RoleType = (typeof roleTypes)[number];

/** Numeric codes the seed gives to role types. */
export const roleTypeCode: Record<RoleType, number> = { faker: 0, writer: 1, aiArtist: 2 };

/**
 * Roles a moderator may give or take on a profile. `pending` and `rejected` belong to the
 * application flow and `banned` to bans: the roles editor never sets them directly.
 */
export const editableRoles = [
  'moderator',
  'advanced-faker',
  'probation-faker',
  'advanced-writer',
  'probation-writer',
  'advanced-ai-artist',
  'probation-ai-artist',
  'member',
] as const;
export type EditableRole = (typeof editableRoles)[number];

export const roleIds = [...editableRoles, 'pending', 'rejected', 'banned'] as const;
export type RoleId = (typeof roleIds)[number];

export interface Role {
  id: RoleId;
  /** Translation key suffix: `roles.{name}`. */
  name: string;
  type?: RoleType;
  advanced: boolean;
  color: string;
  noAccess: boolean;
}

export const roles: Record<RoleId, Role> = {
  moderator: {
    id: 'moderator',
    name: 'moderator',
    advanced: false,
    color: '#f47370',
    noAccess: false,
  },
  'advanced-faker': {
    id: 'advanced-faker',
    name: 'advancedFaker',
    type: 'faker',
    advanced: true,
    color: '#c27ad0',
    noAccess: false,
  },
  'probation-faker': {
    id: 'probation-faker',
    name: 'probationFaker',
    type: 'faker',
    advanced: false,
    color: '#ce93d8',
    noAccess: false,
  },
  'advanced-writer': {
    id: 'advanced-writer',
    name: 'advancedWriter',
    type: 'writer',
    advanced: true,
    color: '#42a5f5',
    noAccess: false,
  },
  'probation-writer': {
    id: 'probation-writer',
    name: 'probationWriter',
    type: 'writer',
    advanced: false,
    color: '#90caf9',
    noAccess: false,
  },
  'advanced-ai-artist': {
    id: 'advanced-ai-artist',
    name: 'advancedAiArtist',
    type: 'aiArtist',
    advanced: true,
    color: '#26a69a',
    noAccess: false,
  },
  'probation-ai-artist': {
    id: 'probation-ai-artist',
    name: 'probationAiArtist',
    type: 'aiArtist',
    advanced: false,
    color: '#80cbc4',
    noAccess: false,
  },
  member: { id: 'member', name: 'member', advanced: false, color: '#90a4ae', noAccess: false },
  pending: { id: 'pending', name: 'pending', advanced: false, color: '#bdbdbd', noAccess: true },
  rejected: { id: 'rejected', name: 'rejected', advanced: false, color: '#b09890', noAccess: true },
  banned: { id: 'banned', name: 'banned', advanced: false, color: '#9e9e9e', noAccess: true },
};

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'string' && (roleIds as readonly string[]).includes(value);
}

/** hasAccess is true only if none of the user's roles is marked no-access. */
export function hasAccess(userRoles: readonly RoleId[]): boolean {
  return userRoles.every((r) => !roles[r].noAccess);
}
export function isBanned(userRoles: readonly RoleId[]): boolean {
  return userRoles.includes('banned');
}
export function isModerator(userRoles: readonly RoleId[]): boolean {
  return userRoles.includes('moderator');
}

/** Roles a moderator may grant when approving an application. */
export const grantableRoles = [
  'member',
  'probation-faker',
  'probation-writer',
  'probation-ai-artist',
] as const satisfies readonly RoleId[];
export type GrantableRole = (typeof grantableRoles)[number];

/** The probation role for a requested type, or member for none. */
export function probationRoleFor(type: RoleType | 'none'): GrantableRole {
  switch (type) {
    case 'faker':
      return 'probation-faker';
    case 'writer':
      return 'probation-writer';
    case 'aiArtist':
      return 'probation-ai-artist';
    case 'none':
      return 'member';
  }
}

/** Display rule: line-through for no-access roles except pending. */
export function roleLineThrough(id: RoleId): boolean {
  return roles[id].noAccess && id !== 'pending';
}

/** What an applicant asks to be: a creator type, or none. */
export const requestedTypes = [...roleTypes, 'none'] as const;
export type RequestedType = (typeof requestedTypes)[number];
