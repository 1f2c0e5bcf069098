/**
 * POST /api/reports (users with access, 20 an hour each); the moderators' queue GET /api/reports
 * and its actions POST /api/reports/:targetType/:targetId/{dismiss,remove,ban}.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  banSchema,
  removableTargetTypes,
  removalSchema,
  reportSchema,
  reportTargetTypes,
  type MyReport,
  type ReportQueue,
} from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { checkUser } from '../../lib/rate-limit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { presentMyReport, presentQueue } from './presenter.ts';
import { loadQueue } from './queries.ts';
import { banFromReports, createReport, dismissReports, removeReported } from './service.ts';

const targetParams = z.object({
  targetType: z.enum(reportTargetTypes),
  targetId: z.string().min(1).max(100),
});

/** The `:targetType/:targetId` of an action; anything unknown is 404 errors.reports.notFound. */
function targetOf(params: unknown) {
  const parsed = targetParams.safeParse(params);
  if (!parsed.success) throw notFound('errors.reports.notFound');
  return parsed.data;
}

export function reportRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const member = requireAccess('member');
  const moderator = requireAccess('moderator');

  app.post('/api/reports', { preHandler: member }, async (request, reply) => {
    const input = reportSchema.parse(request.body);
    // Counted once valid, as before: a report refused for its input does not use up the hour.
    await checkUser(request, 'report');
    const viewer = viewerOf(request).user;
    const saved = await createReport(db, viewer, input);
    const body: MyReport = presentMyReport(input, saved);
    return reply.status(saved.created ? 201 : 200).send(body);
  });

  app.get('/api/reports', { preHandler: moderator }, async (): Promise<ReportQueue> => {
    return presentQueue(await loadQueue(db));
  });

  app.post(
    '/api/reports/:targetType/:targetId/dismiss',
    { preHandler: moderator },
    async (request, reply) => {
      const { targetType, targetId } = targetOf(request.params);
      await dismissReports(db, viewerOf(request).user, targetType, targetId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/reports/:targetType/:targetId/remove',
    { preHandler: moderator },
    async (request, reply) => {
      const { targetType, targetId } = targetOf(request.params);
      const input = removalSchema.parse(request.body);
      const removable = removableTargetTypes.find((type) => type === targetType);
      if (!removable) throw badRequest('errors.reports.cannotRemoveUser');
      await removeReported(
        db,
        viewerOf(request).user,
        removable,
        targetId,
        input.reason,
        input.otherReason,
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/reports/:targetType/:targetId/ban',
    { preHandler: moderator },
    async (request, reply) => {
      const { targetType, targetId } = targetOf(request.params);
      const { reason } = banSchema.parse(request.body);
      await banFromReports(db, viewerOf(request).user, targetType, targetId, reason);
      return reply.status(204).send();
    },
  );
  done();
}
