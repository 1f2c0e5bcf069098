/** The home page: the handler of `routes.home` (packages/shared/src/routes/home.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { answerLiked } from '../../lib/http-cache.ts';
import { registerRoute } from '../../lib/routes.ts';
import { homeFor } from './queries.ts';

export function homeRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  // The shared part from the node's payload cache, serialised once, the viewer's likes spliced in.
  registerRoute(app, routes.home.get, ({ viewer, reply }) =>
    answerLiked(reply, homeFor(db, viewer.user.id, app.payloads)),
  );
  done();
}
