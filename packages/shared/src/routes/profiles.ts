/** Profiles (users with access); users without access are 404 except to moderators and themselves. */
import { z } from 'zod';
import { cursorQuerySchema } from '../communitySchemas.ts';
import { pageSchema, postSummarySchema, userProfileSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

const params = z.object({ id: z.string().max(100) });

export const profiles = {
  get: defineRoute({
    method: 'GET',
    path: '/api/users/:id',
    summary: "A user's public profile",
    access: 'member',
    params,
    paramsNotFound: 'errors.userNotFound',
    responses: { 200: userProfileSchema },
  }),
  byUsername: defineRoute({
    method: 'GET',
    path: '/api/users/by-username/:username',
    summary: 'The id of the user with this username (case-insensitive), for `@username` links',
    access: 'member',
    params: z.object({ username: z.string().min(1).max(100) }),
    paramsNotFound: 'errors.userNotFound',
    responses: { 200: z.object({ id: z.string() }) },
  }),
  posts: defineRoute({
    method: 'GET',
    path: '/api/users/:id/posts',
    summary: "A user's published posts, newest first",
    access: 'member',
    params,
    paramsNotFound: 'errors.userNotFound',
    query: cursorQuerySchema,
    responses: { 200: pageSchema(postSummarySchema) },
  }),
};
