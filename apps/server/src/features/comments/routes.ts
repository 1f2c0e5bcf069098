/**
 * Comments and their replies (users with access):
 * GET|POST /api/posts/:id/comments, PATCH|DELETE /api/comments/:id, POST /api/comments/:id/replies,
 * PATCH|DELETE /api/comment-replies/:id, PUT|DELETE /api/comments/:id/like and
 * /api/comment-replies/:id/like.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { commentReplySchema, commentSchema, cursorQuerySchema } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { limitPerUser } from '../../lib/rate-limit.ts';
import type { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/errors.ts';
import { setLike } from '../likes/service.ts';
import { loadComment, loadReply, readCommentsFor } from './queries.ts';
import {
  commentNotFound,
  createComment,
  createReply,
  deleteComment,
  deleteReply,
  replyNotFound,
  updateComment,
  updateReply,
} from './service.ts';

/** The `:id` route parameter as a uuid; anything else is the given 404. */
export function idParam(params: unknown, missing: () => AppError): string {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw missing();
  return parsed.data.id;
}

const postNotFound = () => notFound('errors.postNotFound');

export function commentRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const member = requireAccess('member');

  const readComment = async (id: string, viewerId: string) => {
    const comment = await loadComment(db, id, viewerId);
    if (!comment) throw commentNotFound();
    return comment;
  };
  const readReply = async (id: string, viewerId: string) => {
    const reply = await loadReply(db, id, viewerId);
    if (!reply) throw replyNotFound();
    return reply;
  };

  app.get('/api/posts/:id/comments', { preHandler: member }, async (request) => {
    const postId = idParam(request.params, postNotFound);
    const query = cursorQuerySchema.parse(request.query);
    return readCommentsFor(db, app.payloads, postId, viewerOf(request).user, query);
  });

  app.post(
    '/api/posts/:id/comments',
    { preHandler: [member, limitPerUser('comment')] },
    async (request, reply) => {
      const postId = idParam(request.params, postNotFound);
      const input = commentSchema.parse(request.body);
      const viewer = viewerOf(request).user;
      const id = await createComment(db, viewer, postId, input);
      return reply.status(201).send(await readComment(id, viewer.id));
    },
  );

  app.patch(
    '/api/comments/:id',
    { preHandler: [member, limitPerUser('edit')] },
    async (request) => {
      const id = idParam(request.params, commentNotFound);
      const input = commentSchema.parse(request.body);
      const viewer = viewerOf(request).user;
      await updateComment(db, viewer, id, input);
      return readComment(id, viewer.id);
    },
  );

  app.delete('/api/comments/:id', { preHandler: member }, async (request, reply) => {
    await deleteComment(db, viewerOf(request).user, idParam(request.params, commentNotFound));
    return reply.status(204).send();
  });

  app.post(
    '/api/comments/:id/replies',
    { preHandler: [member, limitPerUser('comment')] },
    async (request, reply) => {
      const commentId = idParam(request.params, commentNotFound);
      const input = commentReplySchema.parse(request.body);
      const viewer = viewerOf(request).user;
      const id = await createReply(db, viewer, commentId, input);
      return reply.status(201).send(await readReply(id, viewer.id));
    },
  );

  app.patch(
    '/api/comment-replies/:id',
    { preHandler: [member, limitPerUser('edit')] },
    async (request) => {
      const id = idParam(request.params, replyNotFound);
      const input = commentSchema.parse(request.body);
      const viewer = viewerOf(request).user;
      await updateReply(db, viewer, id, input);
      return readReply(id, viewer.id);
    },
  );

  app.delete('/api/comment-replies/:id', { preHandler: member }, async (request, reply) => {
    await deleteReply(db, viewerOf(request).user, idParam(request.params, replyNotFound));
    return reply.status(204).send();
  });

  for (const liked of [true, false]) {
    const method = liked ? 'put' : 'delete';
    app[method](
      '/api/comments/:id/like',
      { preHandler: [member, limitPerUser('like')] },
      async (request) =>
        setLike(
          db,
          'comment',
          idParam(request.params, commentNotFound),
          viewerOf(request).user.id,
          liked,
        ),
    );
    app[method](
      '/api/comment-replies/:id/like',
      { preHandler: [member, limitPerUser('like')] },
      async (request) =>
        setLike(
          db,
          'commentReply',
          // The like service answers errors.commentNotFound for replies too: the same here.
          idParam(request.params, commentNotFound),
          viewerOf(request).user.id,
          liked,
        ),
    );
  }
  done();
}
