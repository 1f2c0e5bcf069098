/**
 * Status updates and their replies: the handlers of `routes.statusUpdates`
 * (packages/shared/src/routes/statusUpdates.ts).
 */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { createdUnder, deleted, edited } from '../conversations/routes.ts';
import {
  listStatusReplies,
  listStatusUpdates,
  loadStatusReply,
  loadStatusUpdate,
} from './queries.ts';
import * as service from './service.ts';

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
    loadStatusUpdate(db, await service.createStatusUpdate(db, viewer.user, body), viewer.user.id),
  );
  registerRoute(
    app,
    routes.statusUpdates.update,
    edited(db, service.updateStatusUpdate, loadStatusUpdate),
  );
  registerRoute(app, routes.statusUpdates.remove, deleted(db, service.deleteStatusUpdate));
  registerRoute(app, routes.statusUpdates.replies, ({ params, viewer }) =>
    listStatusReplies(db, params.id, viewer.user.id),
  );
  registerRoute(
    app,
    routes.statusUpdates.createReply,
    createdUnder(db, service.createStatusReply, loadStatusReply),
  );
  registerRoute(
    app,
    routes.statusUpdates.updateReply,
    edited(db, service.updateStatusReply, loadStatusReply),
  );
  registerRoute(app, routes.statusUpdates.removeReply, deleted(db, service.deleteStatusReply));
  done();
}
