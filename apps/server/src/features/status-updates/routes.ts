/**
 * Status updates and their replies: the handlers of `routes.statusUpdates`
 * (packages/shared/src/routes/statusUpdates.ts).
 */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import {
  listStatusReplies,
  listStatusUpdates,
  loadStatusReply,
  loadStatusUpdate,
} from './queries.ts';
import {
  createStatusReply,
  createStatusUpdate,
  deleteStatusReply,
  deleteStatusUpdate,
  updateStatusReply,
  updateStatusUpdate,
} from './service.ts';

export function statusUpdateRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  registerRoute(app, routes.statusUpdates.list, ({ query, viewer }) =>
    listStatusUpdates(db, viewer.user.id, {
      cursor: query.cursor,
      limit: query.limit,
      authorId: query.author,
    }),
  );
  registerRoute(app, routes.statusUpdates.create, async ({ body, viewer }) =>
    loadStatusUpdate(db, await createStatusUpdate(db, viewer.user, body), viewer.user.id),
  );
  registerRoute(app, routes.statusUpdates.update, async ({ params, body, viewer }) => {
    await updateStatusUpdate(db, viewer.user, params.id, body);
    return loadStatusUpdate(db, params.id, viewer.user.id);
  });
  registerRoute(app, routes.statusUpdates.remove, ({ params, viewer }) =>
    deleteStatusUpdate(db, viewer.user, params.id),
  );
  registerRoute(app, routes.statusUpdates.replies, ({ params, viewer }) =>
    listStatusReplies(db, params.id, viewer.user.id),
  );
  registerRoute(app, routes.statusUpdates.createReply, async ({ params, body, viewer }) =>
    loadStatusReply(db, await createStatusReply(db, viewer.user, params.id, body), viewer.user.id),
  );
  registerRoute(app, routes.statusUpdates.updateReply, async ({ params, body, viewer }) => {
    await updateStatusReply(db, viewer.user, params.id, body);
    return loadStatusReply(db, params.id, viewer.user.id);
  });
  registerRoute(app, routes.statusUpdates.removeReply, ({ params, viewer }) =>
    deleteStatusReply(db, viewer.user, params.id),
  );
  done();
}
