/**
 * Moderation contract (issue 5): roles on a profile, promotion by portfolio, moderator notes, the
 * mod log and accounts sharing a visitor id. Messages are translation keys under `errors.`.
 *
 * Which route takes and answers what is declared once, in the route table (./routes/), and
 * browsable at /api/docs.
 */
import { limits } from './limits.ts';
import {
  editableRoles,
  roles as roleTable,
  roleTypes,
  type EditableRole,
  type RoleId,
  type RoleType,
} from './roles.ts';
import type { PublicUser } from './schemas.ts';

type Iso = string;

export const moderationLimits = {
  noteMax: 2000,
  promotionPostsMax: 5,
  promotionMessageMax: 1000,
  promotionNoteMax: limits.decisionNoteMax,
  modLogPage: 30,
} as const;

// ---- roles ----

export function isEditableRole(role: RoleId): role is EditableRole {
  return (editableRoles as readonly string[]).includes(role);
}

export const probationRoleOf: Record<RoleType, RoleId> = {
  faker: 'probation-faker',
  writer: 'probation-writer',
  aiArtist: 'probation-ai-artist',
};
export const advancedRoleOf: Record<RoleType, RoleId> = {
  faker: 'advanced-faker',
  writer: 'advanced-writer',
  aiArtist: 'advanced-ai-artist',
};

/** The types of the probation roles held (what a promotion may ask for). */
export function probationTypesOf(userRoles: readonly RoleId[]): RoleType[] {
  return roleTypes.filter((type) => userRoles.includes(probationRoleOf[type]));
}

/**
 * Why a list of editable roles is not a valid set, as an error key, or null when it is:
 * - at least one role (`errors.moderation.rolesEmpty`);
 * - never probation-X and advanced-X of the same type (`errors.moderation.rolesConflict`).
 */
export function rolesProblem(list: readonly EditableRole[]): string | null {
  if (list.length === 0) return 'errors.moderation.rolesEmpty';
  for (const type of roleTypes) {
    if (
      list.includes(probationRoleOf[type] as EditableRole) &&
      list.includes(advancedRoleOf[type] as EditableRole)
    ) {
      return 'errors.moderation.rolesConflict';
    }
  }
  return null;
}

/** Roles in the canonical order of the seed's role table (the first is the default displayed). */
export function sortRoles<T extends RoleId>(list: readonly T[]): T[] {
  const order = Object.keys(roleTable);
  return [...new Set(list)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** A probation-X role replaced by advanced-X (what "promote" does). */
export function promotedRoles(list: readonly EditableRole[], type: RoleType): EditableRole[] {
  const probation = probationRoleOf[type];
  const advanced = advancedRoleOf[type] as EditableRole;
  return sortRoles([...list.filter((r) => r !== probation), advanced]);
}

// ---- moderator notes ----

export interface ModeratorNote {
  id: string;
  subjectId: string;
  /** Null once the author's account is deleted. */
  author: PublicUser | null;
  body: string;
  createdAt: Iso;
}

// ---- promotion requests ----

export type PromotionState = 'pending' | 'approved' | 'declined';

export interface PromotionPost {
  id: string;
  title: string;
  sectionSlug: string;
  /** False when the post was removed or deleted since. */
  available: boolean;
}

export interface PromotionRequest {
  id: string;
  user: PublicUser;
  roleType: RoleType;
  posts: PromotionPost[];
  message: string;
  state: PromotionState;
  reviewer: PublicUser | null;
  decisionNote: string | null;
  createdAt: Iso;
  decidedAt: Iso | null;
}

/** GET /api/promotion-requests/mine: the latest request and the types one may ask for. */
export interface MyPromotion {
  request: PromotionRequest | null;
  /** The types of the probation roles held; empty: no promotion to ask for. */
  probationTypes: RoleType[];
}

// ---- mod log ----

export const modActions = [
  'applicationApproved',
  'applicationRejected',
  'promotionApproved',
  'promotionDeclined',
  'postRemoved',
  'commentRemoved',
  'commentReplyRemoved',
  'statusUpdateRemoved',
  'statusReplyRemoved',
  'reportDismissed',
  'reportsResolvedByDeletion',
  'userBanned',
  'userUnbanned',
  'rolesChanged',
  'displayedRoleReset',
  'tagCreated',
  'tagUpdated',
  'tagDeleted',
  'noteAdded',
  'noteDeleted',
] as const;
export type ModActionName = (typeof modActions)[number];

/** The instants a from/to filter stands for (a bare date covers its whole UTC day). */
export function modLogBounds(q: { from?: string; to?: string }): { from?: Date; to?: Date } {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return {
    ...(q.from ? { from: new Date(day.test(q.from) ? `${q.from}T00:00:00.000Z` : q.from) } : {}),
    ...(q.to ? { to: new Date(day.test(q.to) ? `${q.to}T23:59:59.999Z` : q.to) } : {}),
  };
}

export interface ModLogEntry {
  id: number;
  action: ModActionName;
  /** Null once the moderator's account is deleted. */
  moderator: PublicUser | null;
  /** The user the action is about, when there is one. */
  subject: PublicUser | null;
  targetType: string;
  targetId: string;
  reason: string | null;
  /** What changed, as it was (old and new roles, a tag's labels, a post's title…). */
  data: Record<string, unknown>;
  createdAt: Iso;
}

// ---- visitor ids ----

export interface SharedVisitorAccount {
  user: PublicUser;
  isBanned: boolean;
  /** How many visitor ids the two accounts share. */
  sharedVisitorIds: number;
  /** The latest time both accounts were seen with a shared visitor id (the earlier of the two). */
  lastSeenTogether: Iso;
}
