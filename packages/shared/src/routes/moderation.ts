/** Moderation of users: bans, roles, the displayed role, accounts sharing a visitor id. */
import { z } from 'zod';
import { setRolesSchema } from '../moderationSchemas.ts';
import { banSchema } from '../schemas.ts';
import { bannedUserSchema, sharedVisitorAccountSchema, userProfileSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

const onUser = {
  access: 'moderator',
  params: z.object({ id: z.string().min(1).max(100) }),
  paramsNotFound: 'errors.userNotFound',
} as const;

export const moderation = {
  banned: defineRoute({
    method: 'GET',
    path: '/api/users/banned',
    summary: 'Banned users with their ban reason (moderators)',
    access: 'moderator',
    responses: { 200: z.array(bannedUserSchema) },
  }),
  ban: defineRoute({
    method: 'POST',
    path: '/api/users/:id/ban',
    summary: 'Ban a user with a reason; their sessions end (moderators)',
    ...onUser,
    body: banSchema,
    responses: { 204: null },
  }),
  unban: defineRoute({
    method: 'POST',
    path: '/api/users/:id/unban',
    summary: 'Unban a user (moderators)',
    ...onUser,
    responses: { 204: null },
  }),
  setRoles: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/roles',
    summary: "Set a user's roles; answers the profile (moderators)",
    ...onUser,
    body: setRolesSchema,
    responses: { 200: userProfileSchema },
  }),
  resetDisplayedRole: defineRoute({
    method: 'POST',
    path: '/api/users/:id/displayed-role/reset',
    summary: "Reset a user's displayed role to their highest; answers the profile (moderators)",
    ...onUser,
    responses: { 200: userProfileSchema },
  }),
  sharedVisitors: defineRoute({
    method: 'GET',
    path: '/api/users/:id/shared-visitors',
    summary: 'Accounts seen with a visitor id this user also had (moderators)',
    ...onUser,
    responses: { 200: z.array(sharedVisitorAccountSchema) },
  }),
};
