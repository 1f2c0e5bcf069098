/**
 * PUT /api/auth/verify/:visitorId (any signed-in user, banned ones too: spotting a banned user's
 * browser on another account is the point). No body; stores (user, visitor id, time). More
 * specific than the Better Auth catch-all under /api/auth, so Fastify routes it here.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { visitorChecks } from '../../db/schema/index.ts';

const params = z.object({
  visitorId: z
    .string()
    .min(1, { error: 'errors.visitorIdInvalid' })
    .max(128, { error: 'errors.visitorIdInvalid' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'errors.visitorIdInvalid' }),
});

export function visitorRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  // The seed sends no body; accept an empty JSON body too.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!text.trim()) {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400 }), undefined);
    }
  });

  app.put(
    '/api/auth/verify/:visitorId',
    { preHandler: requireAccess('signedIn', { allowBanned: true }) },
    async (request, reply) => {
      const { visitorId } = params.parse(request.params);
      const now = new Date();
      await db
        .insert(visitorChecks)
        .values({ userId: viewerOf(request).user.id, visitorId, createdAt: now, lastSeenAt: now })
        .onConflictDoUpdate({
          target: [visitorChecks.userId, visitorChecks.visitorId],
          set: { lastSeenAt: now },
        });
      return reply.status(204).send();
    },
  );
  done();
}
