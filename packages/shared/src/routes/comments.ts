/** Comments on a post and their replies (users with access); oldest first, replies included. */
import { commentReplySchema, commentSchema, cursorQuerySchema } from '../communitySchemas.ts';
import { commentReplyResponseSchema, commentResponseSchema, pageSchema } from '../responses.ts';
import { conversationRoutes } from './conversation.ts';
import { defineRoute } from './define.ts';
import { byId } from './params.ts';

const ofPost = byId('member', 'errors.postNotFound');
const conversation = conversationRoutes({
  itemPath: '/api/comments/:id',
  replyPath: '/api/comment-replies/:id',
  notFound: 'errors.commentNotFound',
  writing: 'comment',
  itemBody: commentSchema,
  replyBody: commentReplySchema,
  itemResponse: commentResponseSchema,
  replyResponse: commentReplyResponseSchema,
  summaries: {
    update: 'Edit a comment (author or moderator)',
    remove: 'Delete a comment (author or moderator); kept as "[deleted]" while it has replies',
    createReply: 'Reply to a comment (or, with replyToId, to a reply in its thread)',
  },
});

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
    ...conversation.writing,
    body: commentSchema,
    responses: { 201: commentResponseSchema },
  }),
  ...conversation.itemRoutes,
  ...conversation.replyRoutes,
};
