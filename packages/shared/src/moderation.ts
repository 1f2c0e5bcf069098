/**
 * Moderation contract (issue 5): roles on a profile, promotion by portfolio, moderator notes, the
 * mod log and accounts sharing a visitor id. Messages are translation keys under `errors.`.
 *
 * Which route takes and answers what is declared once, in the route table (./routes/), and
 * browsable at /api/docs.
 */
import { z } from 'zod';
import { limits } from './limits.ts';
import { roles as roleTable, roleTypes, type RoleId, type RoleType } from './roles.ts';
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
] as const satisfies readonly RoleId[];
export type EditableRole = (typeof editableRoles)[number];

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

export const setRolesSchema = z.object({
  roles: z
    .array(z.enum(editableRoles, { error: 'errors.invalid' }), {
      error: 'errors.moderation.rolesEmpty',
    })
    .max(editableRoles.length, { error: 'errors.invalid' })
    .superRefine((list, ctx) => {
      const problem = rolesProblem(list);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type SetRolesInput = z.infer<typeof setRolesSchema>;

// ---- moderator notes ----

export const noteSchema = z.object({
  body: z
    .string({ error: 'errors.required' })
    .trim()
    .min(1, { error: 'errors.required' })
    .max(moderationLimits.noteMax, { error: 'errors.noteTooLong' }),
});
export type NoteInput = z.infer<typeof noteSchema>;

export interface ModeratorNote {
  id: string;
  subjectId: string;
  /** Null once the author's account is deleted. */
  author: PublicUser | null;
  body: string;
  createdAt: Iso;
}

// ---- promotion requests ----

const uuid = z.uuid({ error: 'errors.invalid' });

export const promotionRequestSchema = z.object({
  /** Which probation role to leave; defaults to the only (first) one held. */
  roleType: z.enum(roleTypes, { error: 'errors.invalid' }).optional(),
  postIds: z
    .array(uuid, { error: 'errors.moderation.promotionPostsRequired' })
    .min(1, { error: 'errors.moderation.promotionPostsRequired' })
    .max(moderationLimits.promotionPostsMax, { error: 'errors.moderation.tooManyPromotionPosts' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'errors.invalid' }),
  message: z
    .string()
    .trim()
    .max(moderationLimits.promotionMessageMax, { error: 'errors.moderation.messageTooLong' })
    .default(''),
});
export type PromotionRequestInput = z.input<typeof promotionRequestSchema>;

/** Approving may carry a note for the creator. */
export const approvePromotionSchema = z.object({
  note: z
    .string()
    .trim()
    .max(moderationLimits.promotionNoteMax, { error: 'errors.noteTooLong' })
    .default(''),
});

/** Declining needs a note: the creator reads it. */
export const declinePromotionSchema = z.object({
  note: z
    .string({ error: 'errors.required' })
    .trim()
    .min(1, { error: 'errors.required' })
    .max(moderationLimits.promotionNoteMax, { error: 'errors.noteTooLong' }),
});

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

/** A date (YYYY-MM-DD) or an ISO instant with its offset. */
const dateParam = z
  .string()
  .max(40, { error: 'errors.moderation.dateInvalid' })
  .refine(
    (v) =>
      z.iso.date().safeParse(v).success || z.iso.datetime({ offset: true }).safeParse(v).success,
    {
      error: 'errors.moderation.dateInvalid',
    },
  );

export const modLogQuerySchema = z
  .object({
    action: z.enum(modActions, { error: 'errors.invalid' }).optional(),
    /** A moderator's id or username (case-insensitive). */
    moderator: z.string().trim().min(1).max(100).optional(),
    /** The subject user's id or username (case-insensitive). */
    subject: z.string().trim().min(1).max(100).optional(),
    /** From this day (a date: its start, UTC) or instant, inclusive. */
    from: dateParam.optional(),
    /** To this day (a date: its end, UTC) or instant, inclusive. */
    to: dateParam.optional(),
    cursor: z
      .string()
      .regex(/^\d{1,18}$/, { error: 'errors.invalid' })
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(moderationLimits.modLogPage),
  })
  .refine(
    (q) => {
      const { from, to } = modLogBounds(q);
      return !from || !to || from <= to;
    },
    {
      error: 'errors.moderation.dateRange',
      path: ['to'],
    },
  );
export type ModLogQuery = z.infer<typeof modLogQuerySchema>;

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
