/**
 * GET /api/applications/mine, POST /api/applications (verified, not banned);
 * GET /api/applications, POST /api/applications/:id/approve|reject (moderators).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  applicationSchema,
  approveApplicationSchema,
  rejectApplicationSchema,
  type MyApplication,
} from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { notFound } from '../../lib/errors.ts';
import { presentApplication, reapplyAtOf } from './presenter.ts';
import { latestApplicationOf, listApplications } from './queries.ts';
import { decideApplication, submitApplication } from './service.ts';

const listQuery = z.object({
  state: z
    .enum(['pending', 'approved', 'rejected'], { error: 'errors.invalid' })
    .default('pending'),
});

function applicationId(params: unknown): string {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw notFound('errors.applicationNotFound');
  return parsed.data.id;
}

export function applicationRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const verified = requireAccess('verified');
  const moderator = requireAccess('moderator');

  app.get(
    '/api/applications/mine',
    { preHandler: verified },
    async (request): Promise<MyApplication> => {
      const latest = await latestApplicationOf(db, viewerOf(request).user.id);
      return {
        application: latest ? presentApplication(latest) : null,
        reapplyAt: reapplyAtOf(latest?.application)?.toISOString() ?? null,
      };
    },
  );

  app.post('/api/applications', { preHandler: verified }, async (request, reply) => {
    const input = applicationSchema.parse(request.body);
    const created = await submitApplication(db, viewerOf(request).user.id, input);
    return reply.status(201).send(presentApplication(created));
  });

  app.get('/api/applications', { preHandler: moderator }, async (request) => {
    const { state } = listQuery.parse(request.query);
    return (await listApplications(db, state)).map(presentApplication);
  });

  app.post('/api/applications/:id/approve', { preHandler: moderator }, async (request) => {
    const id = applicationId(request.params);
    const { grantedRole } = approveApplicationSchema.parse(request.body);
    return presentApplication(
      await decideApplication(db, id, viewerOf(request).user.id, { kind: 'approve', grantedRole }),
    );
  });

  app.post('/api/applications/:id/reject', { preHandler: moderator }, async (request) => {
    const id = applicationId(request.params);
    const { note } = rejectApplicationSchema.parse(request.body);
    return presentApplication(
      await decideApplication(db, id, viewerOf(request).user.id, { kind: 'reject', note }),
    );
  });
  done();
}
