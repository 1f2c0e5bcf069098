/**
 * The web app's session probe: who is signed in, answered 200 whether or not someone is (a
 * signed-out page load logs no failed request). `GET /api/me` stays the signed-in user's own
 * account, 401 when signed out.
 */
import { z } from 'zod';
import { languages } from '../limits.ts';
import { roleIds } from '../roles.ts';
import type { CurrentUser } from '../schemas.ts';
import { defineRoute } from './define.ts';

const iso = z.string().meta({ format: 'date-time' });

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  username: z.string(),
  avatarPath: z.string().nullable(),
  registrationTimestamp: iso,
  roles: z.array(z.enum(roleIds)),
  displayedRole: z.enum(roleIds),
  postCount: z.number(),
  commentCount: z.number(),
  postLikeCount: z.number(),
  commentLikeCount: z.number(),
  statusUpdateLikeCount: z.number(),
  claimsModifiedTimestamp: iso,
  bio: z.string(),
  links: z.array(z.string()),
  banReason: z.string().nullable(),
  language: z.enum(languages).nullable(),
  usernameChangedTimestamp: iso.nullable(),
  deletionScheduledTimestamp: iso.nullable(),
  deletionMode: z.enum(['keep', 'remove']).nullable(),
  hasAccess: z.boolean(),
  isBanned: z.boolean(),
  isModerator: z.boolean(),
});

// The schema and the CurrentUser type cannot drift apart (a compile-time check both ways).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(proof: Same<A, B>) => proof;
same<z.infer<typeof currentUserSchema>, CurrentUser>(true);

export const session = {
  current: defineRoute({
    method: 'GET',
    path: '/api/session',
    summary: 'The signed-in user (CurrentUser, banned ones too), or null when signed out',
    access: 'public',
    responses: { 200: z.object({ user: currentUserSchema.nullable() }) },
  }),
};
