/** GET /api/home (users with access): sections with their latest post, status updates, stats. */
import type { FastifyInstance } from 'fastify';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { homeData } from './queries.ts';

export function homeRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  app.get('/api/home', { preHandler: requireAccess('member') }, async (request) =>
    homeData(db, viewerOf(request).user.id),
  );
  done();
}
