/**
 * Likes on the five targets (users with access): PUT likes, DELETE unlikes (both idempotent, both
 * answer the settled state), GET lists who liked, newest like first.
 */
import { cursorQuerySchema } from '../communitySchemas.ts';
import { likerSchema, likeStateSchema, pageSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { byId } from './params.ts';

/** The like, unlike and likers routes of one target, under `/api/<path>/:id/`. */
function likeRoutesOf<const P extends string, const N extends string>(
  path: P,
  what: string,
  notFound: N,
) {
  const one = byId('member', notFound);
  const limited = { ...one, rateLimit: { class: 'like', per: 'user' } } as const;
  /** Like (PUT) or unlike (DELETE): the same path, both answering the settled state. */
  const toggle = <const M extends 'PUT' | 'DELETE'>(method: M, verb: string) =>
    defineRoute({
      method,
      path: `/api/${path}/:id/like`,
      summary: `${verb} ${what}`,
      ...limited,
      responses: { 200: likeStateSchema },
    });
  return {
    like: toggle('PUT', 'Like'),
    unlike: toggle('DELETE', 'Unlike'),
    likers: defineRoute({
      method: 'GET',
      path: `/api/${path}/:id/likes`,
      summary: `Who liked ${what}, newest first`,
      ...one,
      query: cursorQuerySchema,
      responses: { 200: pageSchema(likerSchema) },
    }),
  };
}

const post = likeRoutesOf('posts', 'a post', 'errors.postNotFound');
const comment = likeRoutesOf('comments', 'a comment', 'errors.commentNotFound');
// The like service answers errors.commentNotFound for a comment's replies too.
const commentReply = likeRoutesOf('comment-replies', 'a reply', 'errors.commentNotFound');
const statusUpdate = likeRoutesOf(
  'status-updates',
  'a status update',
  'errors.statusUpdateNotFound',
);
// …and errors.statusUpdateNotFound for a status update's replies.
const statusReply = likeRoutesOf('status-replies', 'a reply', 'errors.statusUpdateNotFound');

export const likes = {
  likePost: post.like,
  unlikePost: post.unlike,
  postLikers: post.likers,
  likeComment: comment.like,
  unlikeComment: comment.unlike,
  commentLikers: comment.likers,
  likeCommentReply: commentReply.like,
  unlikeCommentReply: commentReply.unlike,
  commentReplyLikers: commentReply.likers,
  likeStatusUpdate: statusUpdate.like,
  unlikeStatusUpdate: statusUpdate.unlike,
  statusUpdateLikers: statusUpdate.likers,
  likeStatusReply: statusReply.like,
  unlikeStatusReply: statusReply.unlike,
  statusReplyLikers: statusReply.likers,
};
