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

  const targets = [
    ['post', likes.likePost, likes.unlikePost, likes.postLikers],
    ['comment', likes.likeComment, likes.unlikeComment, likes.commentLikers],
    ['commentReply', likes.likeCommentReply, likes.unlikeCommentReply, likes.commentReplyLikers],
    ['statusUpdate', likes.likeStatusUpdate, likes.unlikeStatusUpdate, likes.statusUpdateLikers],
    ['statusReply', likes.likeStatusReply, likes.unlikeStatusReply, likes.statusReplyLikers],
  ] as const;
  for (const [target, likeRoute, unlikeRoute, likersRoute] of targets) {
    registerRoute(app, likeRoute, like(target, true));
    registerRoute(app, unlikeRoute, like(target, false));
    registerRoute(app, likersRoute, likers(target));
  }
  done();
}
