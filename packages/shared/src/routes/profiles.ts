/** Profiles (users with access); users without access are 404 except to moderators and themselves. */
import { z } from 'zod';
import { cursorQuerySchema } from '../community.ts';
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
