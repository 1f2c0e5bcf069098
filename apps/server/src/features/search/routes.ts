/** GET /api/search?q&kind → SearchResults (users with access). */
import type { FastifyInstance } from 'fastify';
import { isLanguage, searchQuerySchema } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { search } from './service.ts';

export function searchRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  app.get('/api/search', { preHandler: requireAccess('member') }, async (request) => {
    const { q, kind } = searchQuerySchema.parse(request.query);
    const viewer = viewerOf(request).user;
    return search(db, q, kind, viewer.id, isLanguage(viewer.language) ? viewer.language : 'en');
  });
  done();
}
