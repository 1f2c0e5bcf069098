/**
 * The signed-in user's own account: the handlers of `routes.users` (packages/shared/src/routes/
 * users.ts) but registration (auth/register.ts), and the session probe `routes.session.current`
 * (the same user, or null, never 401). The avatar comes as multipart, one field "file".
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { limits, routes } from '@atelier/shared';
import { loadViewer } from '../../auth/access.ts';
import { registerRoute } from '../../lib/routes.ts';
import { mediaStoreFor } from '../../lib/storage/index.ts';
import { readAvatarUpload } from './avatar.ts';
import { presentCurrentUser } from './presenter.ts';
import { clearAvatar, getUser, replaceAvatar, updateAccount } from './service.ts';

export async function userRoutes(app: FastifyInstance) {
  const { database, config } = app.deps;
  const db = database.db;
  const store = mediaStoreFor(config);
  await app.register(multipart, {
    limits: { fileSize: limits.uploadBytes, files: 1, fields: 5, parts: 6 },
  });

  registerRoute(app, routes.users.me, async ({ viewer }) =>
    presentCurrentUser(await getUser(db, viewer.user.id)),
  );

  registerRoute(app, routes.users.update, async ({ body, viewer }) =>
    presentCurrentUser(await updateAccount(db, viewer.user.id, body)),
  );

  registerRoute(app, routes.users.uploadAvatar, async ({ request, viewer }) =>
    presentCurrentUser(
      await replaceAvatar(db, store, viewer.user.id, await readAvatarUpload(request)),
    ),
  );

  // Signed out is an answer here, not an error: the web app asks on every page load.
  registerRoute(app, routes.session.current, async ({ request, reply }) => {
    const viewer = await loadViewer(request, reply);
    return { user: viewer ? presentCurrentUser(await getUser(db, viewer.user.id)) : null };
  });

  registerRoute(app, routes.users.removeAvatar, async ({ viewer }) =>
    presentCurrentUser(await clearAvatar(db, store, viewer.user.id)),
  );
}
