/** Search: the handler of `routes.search` (packages/shared/src/routes/search.ts). */
import type { FastifyInstance } from 'fastify';
import { isLanguage, routes } from '@atelier/shared';
import { answerLiked } from '../../lib/http-cache.ts';
import { registerRoute } from '../../lib/routes.ts';
import { searchFor } from './service.ts';

export function searchRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  // The results from the node's payload cache, serialised once, the viewer's likes spliced in.
  registerRoute(app, routes.search.search, ({ query, viewer, reply }) => {
    const { id, language } = viewer.user;
    const lng = isLanguage(language) ? language : 'en';
    return answerLiked(reply, searchFor(db, query, id, lng, app.payloads));
  });
  done();
}
