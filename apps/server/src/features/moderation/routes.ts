/** GET /api/users/banned, POST /api/users/:id/ban, POST /api/users/:id/unban (moderators). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { banSchema, type BannedUser } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { notFound } from '../../lib/errors.ts';
import { presentPublicUser } from '../users/presenter.ts';
import { banUser, listBanned, unbanUser } from './service.ts';

function userId(params: unknown): string {
  const parsed = z.object({ id: z.string().min(1).max(100) }).safeParse(params);
  if (!parsed.success) throw notFound('errors.userNotFound');
  return parsed.data.id;
}

export function moderationRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const moderator = requireAccess('moderator');

  app.get('/api/users/banned', { preHandler: moderator }, async (): Promise<BannedUser[]> => {
    const rows = await listBanned(db);
    return rows.map((row) => ({ ...presentPublicUser(row), banReason: row.banReason ?? '' }));
  });

  app.post('/api/users/:id/ban', { preHandler: moderator }, async (request, reply) => {
    const id = userId(request.params);
    const { reason } = banSchema.parse(request.body);
    await banUser(db, viewerOf(request).user.id, id, reason);
    return reply.status(204).send();
  });

  app.post('/api/users/:id/unban', { preHandler: moderator }, async (request, reply) => {
    await unbanUser(db, viewerOf(request).user.id, userId(request.params));
    return reply.status(204).send();
  });
  done();
}
