/**
 * Moderators only: GET /api/users/banned, POST /api/users/:id/ban, POST /api/users/:id/unban,
 * PUT /api/users/:id/roles, POST /api/users/:id/displayed-role/reset (both answer the profile),
 * GET /api/users/:id/shared-visitors.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  banSchema,
  setRolesSchema,
  type BannedUser,
  type SharedVisitorAccount,
  type UserProfile,
} from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { user, type UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { presentUserProfile } from '../profiles/presenter.ts';
import { presentPublicUser } from '../users/presenter.ts';
import {
  banUser,
  listBanned,
  resetDisplayedRole,
  setRoles,
  sharedVisitorAccounts,
  unbanUser,
} from './service.ts';

async function profileOf(db: Db, id: string, viewer: UserRow): Promise<UserProfile> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) throw notFound('errors.userNotFound');
  return presentUserProfile(row, viewer);
}

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

  app.put(
    '/api/users/:id/roles',
    { preHandler: moderator },
    async (request): Promise<UserProfile> => {
      const id = userId(request.params);
      const { roles } = setRolesSchema.parse(request.body);
      const viewer = viewerOf(request).user;
      await setRoles(db, viewer.id, id, roles);
      return profileOf(db, id, viewer);
    },
  );

  app.post(
    '/api/users/:id/displayed-role/reset',
    { preHandler: moderator },
    async (request): Promise<UserProfile> => {
      const id = userId(request.params);
      const viewer = viewerOf(request).user;
      await resetDisplayedRole(db, viewer.id, id);
      return profileOf(db, id, viewer);
    },
  );

  app.get(
    '/api/users/:id/shared-visitors',
    { preHandler: moderator },
    async (request): Promise<SharedVisitorAccount[]> => {
      const id = userId(request.params);
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
      if (!row) throw notFound('errors.userNotFound');
      return sharedVisitorAccounts(db, id);
    },
  );
  done();
}
