/**
 * Likes on the five targets and who liked them: the handlers of `routes.likes`
 * (packages/shared/src/routes/likes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import type { Viewer } from '../../auth/access.ts';
import { registerRoute } from '../../lib/routes.ts';
import { listLikers, setLike, type LikeTarget } from './service.ts';

interface OneTarget {
  params: { id: string };
  viewer: Viewer;
}

export function likeRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const { likes } = routes;
  const like =
    (target: LikeTarget, liked: boolean) =>
    ({ params, viewer }: OneTarget) =>
      setLike(db, target, params.id, viewer.user.id, liked);
  const likers =
    (target: LikeTarget) =>
    ({ params, query, viewer }: OneTarget & { query: { cursor?: string; limit?: number } }) =>
      listLikers(db, viewer.user, target, params.id, query);

  registerRoute(app, likes.likePost, like('post', true));
  registerRoute(app, likes.unlikePost, like('post', false));
  registerRoute(app, likes.postLikers, likers('post'));
  registerRoute(app, likes.likeComment, like('comment', true));
  registerRoute(app, likes.unlikeComment, like('comment', false));
  registerRoute(app, likes.commentLikers, likers('comment'));
  registerRoute(app, likes.likeCommentReply, like('commentReply', true));
  registerRoute(app, likes.unlikeCommentReply, like('commentReply', false));
  registerRoute(app, likes.commentReplyLikers, likers('commentReply'));
  registerRoute(app, likes.likeStatusUpdate, like('statusUpdate', true));
  registerRoute(app, likes.unlikeStatusUpdate, like('statusUpdate', false));
  registerRoute(app, likes.statusUpdateLikers, likers('statusUpdate'));
  registerRoute(app, likes.likeStatusReply, like('statusReply', true));
  registerRoute(app, likes.unlikeStatusReply, like('statusReply', false));
  registerRoute(app, likes.statusReplyLikers, likers('statusReply'));
  done();
}
