/** The home page: the handler of `routes.home` (packages/shared/src/routes/home.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { homeData } from './queries.ts';

export function homeRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  registerRoute(app, routes.home.get, ({ viewer }) => homeData(db, viewer.user.id, app.payloads));
  done();
}
