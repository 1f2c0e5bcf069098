/** The moderation log: the handler of `routes.modLog` (packages/shared/src/routes/modlog.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { listModLog } from './queries.ts';

export function modLogRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  registerRoute(app, routes.modLog.list, ({ query }) => listModLog(db, query));
  done();
}
