/** Comments and their replies: the handlers of `routes.comments` (packages/shared/src/routes/comments.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { answerLiked } from '../../lib/http-cache.ts';
import { registerRoute } from '../../lib/routes.ts';
import { createdUnder, deleted, edited } from '../conversations/routes.ts';
import { commentsFor, loadComment, loadReply } from './queries.ts';
import * as service from './service.ts';

export function commentRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  // The page from the node's payload cache, serialised once, the viewer's likes spliced in.
  registerRoute(app, routes.comments.list, ({ params, query, viewer, reply }) =>
    answerLiked(reply, commentsFor(db, app.payloads, params.id, viewer.user, query)),
  );
  registerRoute(app, routes.comments.create, createdUnder(db, service.createComment, loadComment));
  registerRoute(app, routes.comments.update, edited(db, service.updateComment, loadComment));
  registerRoute(app, routes.comments.remove, deleted(db, service.deleteComment));
  registerRoute(app, routes.comments.createReply, createdUnder(db, service.createReply, loadReply));
  registerRoute(app, routes.comments.updateReply, edited(db, service.updateReply, loadReply));
  registerRoute(app, routes.comments.removeReply, deleted(db, service.deleteReply));
  done();
}
