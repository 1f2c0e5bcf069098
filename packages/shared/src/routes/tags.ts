/** Tags: everyone with access reads them; advanced creators and moderators create them. */
import { z } from 'zod';
import { tagSchema, updateTagSchema } from '../communitySchemas.ts';
import { tagResponseSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { byId, removeById } from './params.ts';

export const tags = {
  list: defineRoute({
    method: 'GET',
    path: '/api/tags',
    summary: 'Every tag (the client filters and sorts)',
    access: 'member',
    responses: { 200: z.array(tagResponseSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/tags',
    summary: 'Create a tag (advanced creators of its type, moderators)',
    access: 'member',
    body: tagSchema,
    responses: { 201: tagResponseSchema },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/tags/:id',
    summary: "Change a tag's labels, type or parents (moderators)",
    ...byId('moderator', 'errors.tagNotFound'),
    body: updateTagSchema,
    responses: { 200: tagResponseSchema },
  }),
  remove: removeById(
    '/api/tags/:id',
    'Delete a tag (moderators)',
    'moderator',
    'errors.tagNotFound',
  ),
};
