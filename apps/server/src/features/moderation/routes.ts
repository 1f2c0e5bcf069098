/**
 * Moderation of users: the handlers of `routes.moderation` (packages/shared/src/routes/
 * moderation.ts). Setting roles and resetting the displayed role answer the profile.
 */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { registerRoute } from '../../lib/routes.ts';
import { presentUserProfile } from '../profiles/presenter.ts';
import { visibleUser } from '../profiles/queries.ts';
import { presentBannedUser } from './presenter.ts';
import {
  banUser,
  listBanned,
  resetDisplayedRole,
  setRoles,
  sharedVisitorAccounts,
  unbanUser,
} from './service.ts';

/** The profile as the moderator now sees it (a moderator sees every user; 404 when none). */
const profileOf = async (db: Db, id: string, moderator: UserRow) =>
  presentUserProfile(await visibleUser(db, id, moderator), moderator);

export function moderationRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  registerRoute(app, routes.moderation.banned, async () =>
    (await listBanned(db)).map(presentBannedUser),
  );

  registerRoute(app, routes.moderation.ban, ({ params, body, viewer }) =>
    banUser(db, viewer.user.id, params.id, body.reason),
  );

  registerRoute(app, routes.moderation.unban, ({ params, viewer }) =>
    unbanUser(db, viewer.user.id, params.id),
  );

  registerRoute(app, routes.moderation.setRoles, async ({ params, body, viewer }) => {
    await setRoles(db, viewer.user.id, params.id, body.roles);
    return profileOf(db, params.id, viewer.user);
  });

  registerRoute(app, routes.moderation.resetDisplayedRole, async ({ params, viewer }) => {
    await resetDisplayedRole(db, viewer.user.id, params.id);
    return profileOf(db, params.id, viewer.user);
  });

  registerRoute(app, routes.moderation.sharedVisitors, async ({ params, viewer }) => {
    await visibleUser(db, params.id, viewer.user);
    return sharedVisitorAccounts(db, params.id);
  });
  done();
}
