/** Promotion requests: the handlers of `routes.promotions` (packages/shared/src/routes/promotions.ts). */
import type { FastifyInstance } from 'fastify';
import { probationTypesOf, routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { decidePromotion, myLatestRequest, pendingRequests, requestPromotion } from './service.ts';

export function promotionRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  registerRoute(app, routes.promotions.request, ({ body, viewer }) =>
    requestPromotion(db, viewer.user.id, body),
  );

  registerRoute(app, routes.promotions.mine, async ({ viewer }) => ({
    request: await myLatestRequest(db, viewer.user.id),
    probationTypes: probationTypesOf(viewer.user.roles),
  }));

  registerRoute(app, routes.promotions.pending, () => pendingRequests(db));

  registerRoute(app, routes.promotions.approve, ({ params, body, viewer }) =>
    decidePromotion(db, params.id, viewer.user.id, { kind: 'approve', note: body.note }),
  );

  registerRoute(app, routes.promotions.decline, ({ params, body, viewer }) =>
    decidePromotion(db, params.id, viewer.user.id, { kind: 'decline', note: body.note }),
  );
  done();
}
