/** Presence as the database records it (users with access). */
import { z } from 'zod';
import { presenceQuerySchema } from '../presenceSchema.ts';
import { userPresenceSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

export const presence = {
  list: defineRoute({
    method: 'GET',
    path: '/api/presence',
    summary: 'Online state and last-seen time of up to 100 users (ids=a,b,c; unknown ids left out)',
    access: 'member',
    query: presenceQuerySchema,
    responses: { 200: z.array(userPresenceSchema) },
  }),
};
