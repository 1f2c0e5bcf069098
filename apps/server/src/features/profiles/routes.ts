/** Profiles: the handlers of `routes.profiles` (packages/shared/src/routes/profiles.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { presentUserProfile } from './presenter.ts';
import { notFound } from '../../lib/errors.ts';
import { profilePosts, userIdByUsername, visibleUser } from './queries.ts';

export function profileRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  registerRoute(app, routes.profiles.get, async ({ params, viewer }) =>
    presentUserProfile(await visibleUser(db, params.id, viewer.user), viewer.user),
  );
  registerRoute(app, routes.profiles.byUsername, async ({ params, viewer }) => {
    const id = await userIdByUsername(db, params.username);
    if (!id) throw notFound('errors.userNotFound');
    return { id: (await visibleUser(db, id, viewer.user)).id };
  });
  registerRoute(app, routes.profiles.posts, ({ params, query, viewer }) =>
    profilePosts(db, params.id, viewer.user, query),
  );
  done();
}
