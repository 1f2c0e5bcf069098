/** Status updates (newest first) and their replies (oldest first), for users with access. */
import { z } from 'zod';
import {
  statusReplySchema,
  statusUpdateSchema,
  statusUpdatesQuerySchema,
} from '../communitySchemas.ts';
import { pageSchema, statusReplyResponseSchema, statusUpdateResponseSchema } from '../responses.ts';
import { conversationRoutes } from './conversation.ts';
import { defineRoute } from './define.ts';

const conversation = conversationRoutes({
  itemPath: '/api/status-updates/:id',
  replyPath: '/api/status-replies/:id',
  notFound: 'errors.statusUpdateNotFound',
  writing: 'status',
  itemBody: statusUpdateSchema,
  replyBody: statusReplySchema,
  itemResponse: statusUpdateResponseSchema,
  replyResponse: statusReplyResponseSchema,
  summaries: {
    update: 'Edit a status update (author or moderator)',
    remove: 'Delete a status update with its replies (author or moderator)',
    createReply: 'Reply to a status update (or, with replyToId, to one of its replies)',
  },
});

export const statusUpdates = {
  list: defineRoute({
    method: 'GET',
    path: '/api/status-updates',
    summary: 'Status updates, newest first (all, or one author’s with `author`)',
    access: 'member',
    query: statusUpdatesQuerySchema,
    responses: { 200: pageSchema(statusUpdateResponseSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/status-updates',
    summary: 'Post a status update',
    access: 'member',
    ...conversation.writing,
    body: statusUpdateSchema,
    responses: { 201: statusUpdateResponseSchema },
  }),
  ...conversation.itemRoutes,
  replies: defineRoute({
    method: 'GET',
    path: '/api/status-updates/:id/replies',
    summary: "A status update's replies, oldest first",
    ...conversation.one,
    responses: { 200: z.array(statusReplyResponseSchema) },
  }),
  ...conversation.replyRoutes,
};
