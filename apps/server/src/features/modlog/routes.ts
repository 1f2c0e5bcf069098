/** GET /api/mod-log (moderators): filters and cursor pagination (modLogQuerySchema). */
import type { FastifyInstance } from 'fastify';
import { modLogQuerySchema, type ModLogEntry, type Page } from '@atelier/shared';
import { requireAccess } from '../../auth/access.ts';
import { listModLog } from './queries.ts';

export function modLogRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  app.get(
    '/api/mod-log',
    { preHandler: requireAccess('moderator') },
    async (request): Promise<Page<ModLogEntry>> =>
      listModLog(db, modLogQuerySchema.parse(request.query)),
  );
  done();
}
