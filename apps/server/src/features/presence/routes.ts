/**
 * GET /api/presence?ids=a,b,c (users with access): the presence the database records for up to
 * 100 users (`UserPresence[]`, unknown or unlisted users left out). The web asks it for the users
 * it shows, then follows `presence:changed` on the socket (apps/server/src/live/presence.ts).
 */
import type { FastifyInstance } from 'fastify';
import { presenceQuerySchema, type UserPresence } from '@atelier/shared';
import { requireAccess } from '../../auth/access.ts';

export function presenceRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  app.get(
    '/api/presence',
    { preHandler: requireAccess('member') },
    async (request): Promise<UserPresence[]> => {
      const { ids } = presenceQuerySchema.parse(request.query);
      return app.presence.read(ids);
    },
  );
  done();
}
