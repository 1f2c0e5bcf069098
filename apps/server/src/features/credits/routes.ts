/** Series and credits: the handlers of `routes.credits` (packages/shared/src/routes/credits.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import {
  findSeries,
  listOwnSeries,
  loadPostCredits,
  loadSeriesDetail,
  seriesNotFound,
} from './queries.ts';
import * as service from './service.ts';

export function creditRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  const seriesOf = async (id: string, viewer: Parameters<typeof findSeries>[1]) => {
    const series = await findSeries(db, viewer, id);
    if (!series) throw seriesNotFound();
    return series;
  };

  registerRoute(app, routes.credits.createSeries, async ({ body, viewer }) =>
    seriesOf(await service.createSeries(db, viewer.user, body), viewer.user),
  );
  registerRoute(app, routes.credits.mySeries, ({ viewer }) => listOwnSeries(db, viewer.user));
  registerRoute(app, routes.credits.getSeries, ({ params, viewer }) =>
    loadSeriesDetail(db, viewer.user, params.id),
  );
  registerRoute(app, routes.credits.updateSeries, async ({ params, body, viewer }) => {
    await service.updateSeries(db, viewer.user, params.id, body);
    return seriesOf(params.id, viewer.user);
  });
  registerRoute(app, routes.credits.deleteSeries, ({ params, viewer }) =>
    service.deleteSeries(db, viewer.user, params.id),
  );
  registerRoute(app, routes.credits.placeInSeries, async ({ params, body, viewer }) => {
    await service.placeInSeries(db, viewer.user, params.id, body);
    return loadPostCredits(db, viewer.user, params.id);
  });
  registerRoute(app, routes.credits.removeFromSeries, async ({ params, viewer }) => {
    await service.removeFromSeries(db, viewer.user, params.id);
    return loadPostCredits(db, viewer.user, params.id);
  });
  registerRoute(app, routes.credits.postCredits, ({ params, viewer }) =>
    loadPostCredits(db, viewer.user, params.id),
  );
  registerRoute(app, routes.credits.setCredits, async ({ params, body, viewer }) => {
    await service.setCredits(db, viewer.user, params.id, body);
    return loadPostCredits(db, viewer.user, params.id);
  });
  done();
}
