/** Status updates (newest first) and their replies (oldest first), for users with access. */
import { z } from 'zod';
import { statusReplySchema, statusUpdateSchema, statusUpdatesQuerySchema } from '../community.ts';
import { pageSchema, statusReplyResponseSchema, statusUpdateResponseSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { uuidParams } from './params.ts';

const oneStatus = {
  access: 'member',
  params: uuidParams,
  paramsNotFound: 'errors.statusUpdateNotFound',
} as const;
const oneReply = {
  access: 'member',
  params: uuidParams,
  paramsNotFound: 'errors.replyNotFound',
} as const;
const writing = { rateLimit: { class: 'status', per: 'user' } } as const;
const editing = { rateLimit: { class: 'edit', per: 'user' } } as const;

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
    ...writing,
    body: statusUpdateSchema,
    responses: { 201: statusUpdateResponseSchema },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/status-updates/:id',
    summary: 'Edit a status update (author or moderator)',
    ...oneStatus,
    ...editing,
    body: statusUpdateSchema,
    responses: { 200: statusUpdateResponseSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/status-updates/:id',
    summary: 'Delete a status update with its replies (author or moderator)',
    ...oneStatus,
    responses: { 204: null },
  }),
  replies: defineRoute({
    method: 'GET',
    path: '/api/status-updates/:id/replies',
    summary: "A status update's replies, oldest first",
    ...oneStatus,
    responses: { 200: z.array(statusReplyResponseSchema) },
  }),
  createReply: defineRoute({
    method: 'POST',
    path: '/api/status-updates/:id/replies',
    summary: 'Reply to a status update (or, with replyToId, to one of its replies)',
    ...oneStatus,
    ...writing,
    body: statusReplySchema,
    responses: { 201: statusReplyResponseSchema },
  }),
  updateReply: defineRoute({
    method: 'PATCH',
    path: '/api/status-replies/:id',
    summary: 'Edit a reply (author or moderator)',
    ...oneReply,
    ...editing,
    body: statusUpdateSchema,
    responses: { 200: statusReplyResponseSchema },
  }),
  removeReply: defineRoute({
    method: 'DELETE',
    path: '/api/status-replies/:id',
    summary: 'Delete a reply (author or moderator)',
    ...oneReply,
    responses: { 204: null },
  }),
};
