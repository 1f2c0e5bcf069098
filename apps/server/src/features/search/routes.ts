/** Search: the handler of `routes.search` (packages/shared/src/routes/search.ts). */
import type { FastifyInstance } from 'fastify';
import { isLanguage, routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { search } from './service.ts';

export function searchRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  registerRoute(app, routes.search.search, ({ query, viewer }) => {
    const { id, language } = viewer.user;
    return search(db, query, id, isLanguage(language) ? language : 'en', app.payloads);
  });
  done();
}
