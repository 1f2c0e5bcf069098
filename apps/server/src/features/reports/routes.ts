/** Reports: the handlers of `routes.reports` (packages/shared/src/routes/reports.ts). */
import type { FastifyInstance } from 'fastify';
import { removableTargetTypes, routes } from '@atelier/shared';
import { badRequest } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/routes.ts';
import { presentMyReport, presentQueue } from './presenter.ts';
import { loadQueue } from './queries.ts';
import { banFromReports, createReport, dismissReports, removeReported } from './service.ts';

export function reportRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  // 201 for a new report, 200 when the reporter's earlier report of the target is updated.
  registerRoute(app, routes.reports.create, async ({ body, viewer, reply }) => {
    const saved = await createReport(db, viewer.user, body);
    void reply.status(saved.created ? 201 : 200);
    return presentMyReport(body, saved);
  });

  registerRoute(app, routes.reports.queue, async () => presentQueue(await loadQueue(db)));

  registerRoute(app, routes.reports.dismiss, ({ params, viewer }) =>
    dismissReports(db, viewer.user, params.targetType, params.targetId),
  );

  registerRoute(app, routes.reports.remove, ({ params, body, viewer }) => {
    const removable = removableTargetTypes.find((type) => type === params.targetType);
    if (!removable) throw badRequest('errors.reports.cannotRemoveUser');
    return removeReported(
      db,
      viewer.user,
      removable,
      params.targetId,
      body.reason,
      body.otherReason,
    );
  });

  registerRoute(app, routes.reports.ban, ({ params, body, viewer }) =>
    banFromReports(db, viewer.user, params.targetType, params.targetId, body.reason),
  );
  done();
}
