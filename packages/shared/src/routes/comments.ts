/** Comments on a post and their replies (users with access); oldest first, replies included. */
import { commentReplySchema, commentSchema, cursorQuerySchema } from '../community.ts';
import { commentReplyResponseSchema, commentResponseSchema, pageSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { uuidParams } from './params.ts';

const ofPost = {
  access: 'member',
  params: uuidParams,
  paramsNotFound: 'errors.postNotFound',
} as const;
const oneComment = {
  access: 'member',
  params: uuidParams,
  paramsNotFound: 'errors.commentNotFound',
} as const;
const oneReply = {
  access: 'member',
  params: uuidParams,
  paramsNotFound: 'errors.replyNotFound',
} as const;
const writing = { rateLimit: { class: 'comment', per: 'user' } } as const;
const editing = { rateLimit: { class: 'edit', per: 'user' } } as const;

export const comments = {
  list: defineRoute({
    method: 'GET',
    path: '/api/posts/:id/comments',
    summary: "A post's comments with their replies, oldest first",
    ...ofPost,
    query: cursorQuerySchema,
    responses: { 200: pageSchema(commentResponseSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/posts/:id/comments',
    summary: 'Comment on a post',
    ...ofPost,
    ...writing,
    body: commentSchema,
    responses: { 201: commentResponseSchema },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/comments/:id',
    summary: 'Edit a comment (author or moderator)',
    ...oneComment,
    ...editing,
    body: commentSchema,
    responses: { 200: commentResponseSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/comments/:id',
    summary: 'Delete a comment (author or moderator); kept as "[deleted]" while it has replies',
    ...oneComment,
    responses: { 204: null },
  }),
  createReply: defineRoute({
    method: 'POST',
    path: '/api/comments/:id/replies',
    summary: 'Reply to a comment (or, with replyToId, to a reply in its thread)',
    ...oneComment,
    ...writing,
    body: commentReplySchema,
    responses: { 201: commentReplyResponseSchema },
  }),
  updateReply: defineRoute({
    method: 'PATCH',
    path: '/api/comment-replies/:id',
    summary: 'Edit a reply (author or moderator)',
    ...oneReply,
    ...editing,
    body: commentSchema,
    responses: { 200: commentReplyResponseSchema },
  }),
  removeReply: defineRoute({
    method: 'DELETE',
    path: '/api/comment-replies/:id',
    summary: 'Delete a reply (author or moderator)',
    ...oneReply,
    responses: { 204: null },
  }),
};
