/**
 * Who liked something (users with access): GET /api/posts/:id/likes, /api/comments/:id/likes,
 * /api/comment-replies/:id/likes, /api/status-updates/:id/likes, /api/status-replies/:id/likes
 * → Page<Liker>, newest like first.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cursorQuerySchema } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { notFound } from '../../lib/errors.ts';
import { listLikers, type LikeTarget } from './service.ts';

const paths: Record<LikeTarget, { path: string; notFound: string }> = {
  post: { path: 'posts', notFound: 'errors.postNotFound' },
  comment: { path: 'comments', notFound: 'errors.commentNotFound' },
  commentReply: { path: 'comment-replies', notFound: 'errors.commentNotFound' },
  statusUpdate: { path: 'status-updates', notFound: 'errors.statusUpdateNotFound' },
  statusReply: { path: 'status-replies', notFound: 'errors.statusUpdateNotFound' },
};

export function likeRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const member = requireAccess('member');
  for (const [target, spec] of Object.entries(paths) as [
    LikeTarget,
    (typeof paths)[LikeTarget],
  ][]) {
    app.get(`/api/${spec.path}/:id/likes`, { preHandler: member }, async (request) => {
      const params = z.object({ id: z.uuid() }).safeParse(request.params);
      if (!params.success) throw notFound(spec.notFound);
      const query = cursorQuerySchema.parse(request.query);
      return listLikers(db, viewerOf(request).user, target, params.data.id, query);
    });
  }
  done();
}
