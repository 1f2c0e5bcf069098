/**
 * Moderation's requests as Zod schemas: roles, notes, promotion requests and decisions, the mod
 * log's filters. Apart from ./moderation.ts (limits, role rules, types) so that a page needing only
 * those does not load Zod.
 */
import { z } from 'zod';
import { requiredText } from './textSchemas.ts';
import { roleTypes } from './roles.ts';
import { modActions, modLogBounds, moderationLimits, rolesProblem } from './moderation.ts';
import { editableRoles } from './roles.ts';

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

export const noteSchema = z.object({
  body: requiredText(moderationLimits.noteMax, 'errors.noteTooLong'),
});
export type NoteInput = z.infer<typeof noteSchema>;

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
  note: requiredText(moderationLimits.promotionNoteMax, 'errors.noteTooLong'),
});

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
