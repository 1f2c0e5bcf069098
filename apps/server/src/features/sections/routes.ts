/** Sections: the handlers of `routes.sections` (packages/shared/src/routes/sections.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { answerLiked, answerShared } from '../../lib/http-cache.ts';
import { registerRoute } from '../../lib/routes.ts';
import { getSection, listSections, sectionPostsFor, SECTIONS_KEY } from './queries.ts';

export function sectionRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  // The same for every member: from the node's payload cache, with an ETag (304 when unchanged).
  registerRoute(app, routes.sections.list, ({ request, reply }) =>
    answerShared(request, reply, app.payloads, SECTIONS_KEY, () => listSections(db)),
  );
  registerRoute(app, routes.sections.get, ({ params }) =>
    getSection(db, params.slug, app.payloads),
  );
  // The page from the node's payload cache, serialised once, the viewer's likes spliced in.
  registerRoute(app, routes.sections.posts, ({ params, query, viewer, reply }) =>
    answerLiked(reply, sectionPostsFor(db, params.slug, query, viewer.user.id, app.payloads)),
  );
  done();
}
