/**
 * The web app's session probe: who is signed in, answered 200 whether or not someone is (a
 * signed-out page load logs no failed request). `GET /api/me` stays the signed-in user's own
 * account, 401 when signed out.
 */
import { z } from 'zod';
import { currentUserSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

export const session = {
  current: defineRoute({
    method: 'GET',
    path: '/api/session',
    summary: 'The signed-in user (CurrentUser, banned ones too), or null when signed out',
    access: 'public',
    responses: { 200: z.object({ user: currentUserSchema.nullable() }) },
  }),
};
