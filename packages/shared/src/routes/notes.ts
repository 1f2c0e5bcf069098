/** Moderator notes about a user (moderators only). */
import { z } from 'zod';
import { noteSchema } from '../moderationSchemas.ts';
import { moderatorNoteSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { removeById } from './params.ts';

const userParams = z.object({ id: z.string().min(1).max(100) });

export const notes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users/:id/notes',
    summary: 'The notes about a user, newest first',
    access: 'moderator',
    params: userParams,
    paramsNotFound: 'errors.userNotFound',
    responses: { 200: z.array(moderatorNoteSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users/:id/notes',
    summary: 'Add a note about a user',
    access: 'moderator',
    params: userParams,
    paramsNotFound: 'errors.userNotFound',
    body: noteSchema,
    responses: { 201: moderatorNoteSchema },
  }),
  remove: removeById(
    '/api/notes/:id',
    'Delete a note',
    'moderator',
    'errors.moderation.noteNotFound',
  ),
};
