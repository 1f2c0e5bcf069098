/** Posts (users with access): write, read, edit, delete, count a view, read the history. */
import { createPostSchema, updatePostSchema } from '../communitySchemas.ts';
import { postHistorySchema, postSchema, viewCountSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { byId, removeById } from './params.ts';

const onePost = byId('member', 'errors.postNotFound');

export const posts = {
  create: defineRoute({
    method: 'POST',
    path: '/api/posts',
    summary: 'Publish a post in a section the viewer may post in',
    access: 'member',
    rateLimit: { class: 'post', per: 'user' },
    body: createPostSchema,
    responses: { 201: postSchema },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/posts/:id',
    summary: 'One post (a removed one only to its author and moderators)',
    ...onePost,
    responses: { 200: postSchema },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/posts/:id',
    summary: 'Edit a post (author or moderator); a field left out stays as it is',
    ...onePost,
    rateLimit: { class: 'edit', per: 'user' },
    body: updatePostSchema,
    responses: { 200: postSchema },
  }),
  remove: removeById(
    '/api/posts/:id',
    'Delete a post with its comments, likes and media (author or moderator)',
    'member',
    'errors.postNotFound',
  ),
  view: defineRoute({
    method: 'POST',
    path: '/api/posts/:id/views',
    summary: 'Count a view (one per viewer per day); answers the view count',
    ...onePost,
    responses: { 200: viewCountSchema },
  }),
  versions: defineRoute({
    method: 'GET',
    path: '/api/posts/:id/versions',
    summary: "A post's versions, newest first (author and moderators)",
    ...onePost,
    responses: { 200: postHistorySchema },
  }),
};
