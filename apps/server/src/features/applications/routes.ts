/** Applications: the handlers of `routes.applications` (packages/shared/src/routes/applications.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { presentApplication, presentMyApplication } from './presenter.ts';
import { latestApplicationOf, listApplications } from './queries.ts';
import { decideApplication, submitApplication } from './service.ts';

export function applicationRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  registerRoute(app, routes.applications.mine, async ({ viewer }) =>
    presentMyApplication(await latestApplicationOf(db, viewer.user.id)),
  );

  registerRoute(app, routes.applications.submit, async ({ body, viewer }) =>
    presentApplication(await submitApplication(db, viewer.user.id, body)),
  );

  registerRoute(app, routes.applications.list, async ({ query }) =>
    (await listApplications(db, query.state)).map(presentApplication),
  );

  registerRoute(app, routes.applications.approve, async ({ params, body, viewer }) =>
    presentApplication(
      await decideApplication(db, params.id, viewer.user.id, {
        kind: 'approve',
        grantedRole: body.grantedRole,
      }),
    ),
  );

  registerRoute(app, routes.applications.reject, async ({ params, body, viewer }) =>
    presentApplication(
      await decideApplication(db, params.id, viewer.user.id, { kind: 'reject', note: body.note }),
    ),
  );
  done();
}
