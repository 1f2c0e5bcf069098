/** Comments and their replies: the handlers of `routes.comments` (packages/shared/src/routes/comments.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { loadComment, loadReply, readCommentsFor } from './queries.ts';
import {
  createComment,
  createReply,
  deleteComment,
  deleteReply,
  updateComment,
  updateReply,
} from './service.ts';

export function commentRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  registerRoute(app, routes.comments.list, ({ params, query, viewer }) =>
    // The page from the node's payload cache, the viewer's likes merged (queries.ts).
    readCommentsFor(db, app.payloads, params.id, viewer.user, query),
  );
  registerRoute(app, routes.comments.create, async ({ params, body, viewer }) =>
    loadComment(db, await createComment(db, viewer.user, params.id, body), viewer.user.id),
  );
  registerRoute(app, routes.comments.update, async ({ params, body, viewer }) => {
    await updateComment(db, viewer.user, params.id, body);
    return loadComment(db, params.id, viewer.user.id);
  });
  registerRoute(app, routes.comments.remove, ({ params, viewer }) =>
    deleteComment(db, viewer.user, params.id),
  );
  registerRoute(app, routes.comments.createReply, async ({ params, body, viewer }) =>
    loadReply(db, await createReply(db, viewer.user, params.id, body), viewer.user.id),
  );
  registerRoute(app, routes.comments.updateReply, async ({ params, body, viewer }) => {
    await updateReply(db, viewer.user, params.id, body);
    return loadReply(db, params.id, viewer.user.id);
  });
  registerRoute(app, routes.comments.removeReply, ({ params, viewer }) =>
    deleteReply(db, viewer.user, params.id),
  );
  done();
}
