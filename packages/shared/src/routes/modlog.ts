/** The moderation log (moderators). */
import { modLogQuerySchema } from '../moderationSchemas.ts';
import { modLogEntrySchema, pageSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

export const modLog = {
  list: defineRoute({
    method: 'GET',
    path: '/api/mod-log',
    summary: 'Moderator actions, newest first, filtered by action, moderator, subject and dates',
    access: 'moderator',
    query: modLogQuerySchema,
    responses: { 200: pageSchema(modLogEntrySchema) },
  }),
};
