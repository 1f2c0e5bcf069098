/**
 * Zod schemas of every request and response of /api, shared by server and web.
 * Every validation message is a translation key under `errors.` that the web app shows
 * in the user's language; the server returns it as `fields[name]`.
 */
import { z } from 'zod';
import type { roleTypes } from './roles.ts';
import { grantableRoles, requestedTypes, roleIds, type RequestedType } from './roles.ts';
import { languages, limits } from './limits.ts';
import { accountDeletionModes } from './ownData.ts';
import { writtenText } from './textSchemas.ts';
import { isValidUrl } from './url.ts';

/**
 * Stored NFKC-normalised: fullwidth `ｄｅｍｏ` and Roman numerals `ⅾⅿ` become plain letters. The
 * server also compares names by their confusable skeleton (look-alikes are taken).
 */
export const usernameSchema = z
  .string({ error: 'errors.required' })
  .normalize('NFKC')
  .trim()
  .min(limits.usernameMin, { error: 'errors.usernameLength' })
  .max(limits.usernameMax, { error: 'errors.usernameLength' })
  .regex(/^[\p{L}\p{N}_.-]+( [\p{L}\p{N}_.-]+)*$/u, { error: 'errors.usernameChars' });

export const emailSchema = z
  .string({ error: 'errors.required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'errors.emailInvalid' }).max(254, { error: 'errors.emailInvalid' }));

export const passwordSchema = z
  .string({ error: 'errors.required' })
  .min(limits.passwordMin, { error: 'errors.passwordShort' })
  .max(limits.passwordMax, { error: 'errors.passwordLong' });

export const urlSchema = z
  .string()
  .trim()
  .max(limits.urlMax, { error: 'errors.urlInvalid' })
  .refine(isValidUrl, { error: 'errors.urlInvalid' });

export const linksSchema = z
  .array(urlSchema)
  .max(limits.linksMax, { error: 'errors.tooManyLinks' });

export const languageSchema = z.enum(languages, { error: 'errors.languageInvalid' });
export const roleIdSchema = z.enum(roleIds);

// ---- auth ----
export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  language: languageSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'errors.required' }),
});

export const resetRequestSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: z.string().min(1),
  password: passwordSchema,
});
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { error: 'errors.required' }),
  newPassword: passwordSchema,
});

// ---- account ----
export const accountUpdateSchema = z
  .object({
    username: usernameSchema,
    bio: z.string().max(limits.bioMax, { error: 'errors.bioTooLong' }),
    links: linksSchema,
    language: languageSchema,
    displayedRole: roleIdSchema,
  })
  .partial();
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** Deleting one's account (./ownData.ts): the password, and what happens to what one wrote. */
export const accountDeletionSchema = z.object({
  password: z.string().min(1, { error: 'errors.required' }),
  mode: z.enum(accountDeletionModes, { error: 'errors.required' }),
});
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;

// ---- applications ----

export const applicationSchema = z.object({
  requestedType: z.enum(requestedTypes, { error: 'errors.required' }),
  aboutYou: z
    .string()
    .trim()
    .min(1, { error: 'errors.required' })
    .max(limits.applicationAnswerMax, { error: 'errors.answerTooLong' }),
  whyJoin: z
    .string()
    .trim()
    .min(1, { error: 'errors.required' })
    .max(limits.applicationAnswerMax, { error: 'errors.answerTooLong' }),
  links: z.array(urlSchema).max(limits.applicationLinksMax, { error: 'errors.tooManyLinks' }),
});
export type ApplicationInput = z.infer<typeof applicationSchema>;

export const approveApplicationSchema = z.object({ grantedRole: z.enum(grantableRoles) });
export const rejectApplicationSchema = z.object({
  note: writtenText(limits.decisionNoteMax, 'errors.noteTooLong'),
});

// ---- bans ----
export const banSchema = z.object({
  reason: writtenText(limits.banReasonMax, 'errors.reasonTooLong'),
});

// ---- client errors ----
export const clientErrorSchema = z.object({
  message: z.string().max(2000),
  stack: z.string().max(10_000).optional(),
  url: z.string().max(2000).optional(),
  fatal: z.boolean().default(false),
});

// ---- responses ----
export interface ApiError {
  /**
   * `retryAfter`: with 429 errors.rateLimited, the seconds to wait (also the Retry-After header).
   * `requestId`: the request's id (also the X-Request-Id header), to find its log lines.
   */
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    retryAfter?: number;
    requestId?: string;
  };
}

export interface PublicUser {
  id: string;
  username: string;
  displayedRole: (typeof roleIds)[number];
  avatarPath?: string;
}

/** The full profile (seed: User profile) plus the derived flags of the current user. */
export interface CurrentUser {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  avatarPath: string | null;
  registrationTimestamp: string;
  roles: (typeof roleIds)[number][];
  displayedRole: (typeof roleIds)[number];
  postCount: number;
  commentCount: number;
  postLikeCount: number;
  commentLikeCount: number;
  statusUpdateLikeCount: number;
  claimsModifiedTimestamp: string;
  bio: string;
  links: string[];
  banReason: string | null;
  language: (typeof languages)[number] | null;
  usernameChangedTimestamp: string | null;
  /** When the account will be deleted (a deletion asked and not cancelled), or null. */
  deletionScheduledTimestamp: string | null;
  /** What the pending deletion does with the content, or null. */
  deletionMode: 'keep' | 'remove' | null;
  hasAccess: boolean;
  isBanned: boolean;
  isModerator: boolean;
}

export type ApplicationState = 'pending' | 'approved' | 'rejected';

/** The applicant as moderators see them. */
export interface Applicant extends PublicUser {
  email: string;
  registrationTimestamp: string;
}

export interface Application {
  id: string;
  applicant: Applicant;
  requestedType: RequestedType;
  aboutYou: string;
  whyJoin: string;
  links: string[];
  state: ApplicationState;
  reviewer: PublicUser | null;
  decisionNote: string | null;
  grantedRole: (typeof roleIds)[number] | null;
  createdAt: string;
  decidedAt: string | null;
}

/** GET /api/applications/mine */
export interface MyApplication {
  application: Application | null;
  /** When a rejected applicant may apply again (ISO), or null. */
  reapplyAt: string | null;
}

export interface Section {
  slug: string;
  type: (typeof roleTypes)[number] | 'open';
  name: Record<(typeof languages)[number], string>;
  description: Record<(typeof languages)[number], string>;
  order: number;
  postCount: number;
}

/** GET /api/users/banned */
export interface BannedUser extends PublicUser {
  banReason: string;
}
