/** GET /api/search?q&kind&cursor&section&tag&provenance&author → SearchResults (users with access). */
import type { FastifyInstance } from 'fastify';
import { isLanguage, searchQuerySchema } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { search } from './service.ts';

export function searchRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  app.get('/api/search', { preHandler: requireAccess('member') }, async (request) => {
    const query = searchQuerySchema.parse(request.query);
    const viewer = viewerOf(request).user;
    return search(
      db,
      query,
      viewer.id,
      isLanguage(viewer.language) ? viewer.language : 'en',
      app.payloads,
    );
  });
  done();
}
