/** Sections: the handlers of `routes.sections` (packages/shared/src/routes/sections.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { getSection, listSectionPosts, listSections } from './queries.ts';

export function sectionRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  registerRoute(app, routes.sections.list, () => listSections(db));
  registerRoute(app, routes.sections.get, ({ params }) => getSection(db, params.slug));
  registerRoute(app, routes.sections.posts, ({ params, query, viewer }) =>
    listSectionPosts(db, params.slug, query, viewer.user.id),
  );
  done();
}
