/**
 * Notifications: the handlers of `routes.notifications` (packages/shared/src/routes/notifications.ts).
 * Dismissing pushes `notification:dismissed` / `notification:allDismissed` to the user's tabs.
 */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { presentNotifications } from './presenter.ts';
import * as service from './service.ts';

export function notificationRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;

  registerRoute(app, routes.notifications.list, ({ viewer }) =>
    service.bellOf(db, app.payloads, viewer.user.id),
  );

  registerRoute(app, routes.notifications.history, async ({ viewer, query }) => {
    const page = await service.notificationHistory(db, viewer.user.id, query);
    return { items: await presentNotifications(db, page.rows), nextCursor: page.nextCursor };
  });

  registerRoute(app, routes.notifications.dismissAll, async ({ viewer }) => {
    const userId = viewer.user.id;
    const result = await service.dismissAllNotifications(db, userId);
    if (result.dismissed > 0) {
      app.live.emitter.toUser(userId, 'notification:allDismissed', {
        dismissedTimestamp: result.dismissedTimestamp,
      });
    }
    return result;
  });

  registerRoute(app, routes.notifications.dismiss, async ({ viewer, params }) => {
    const userId = viewer.user.id;
    const row = await service.dismissNotification(db, userId, params.id);
    const [notification] = await presentNotifications(db, [row]);
    if (!notification) throw service.notificationNotFound();
    app.live.emitter.toUser(userId, 'notification:dismissed', {
      id: row.id,
      dismissedTimestamp: notification.dismissedTimestamp ?? new Date().toISOString(),
    });
    return notification;
  });

  registerRoute(app, routes.notifications.preferences, ({ viewer }) =>
    service.preferencesOf(db, viewer.user.id),
  );

  registerRoute(app, routes.notifications.updatePreferences, ({ viewer, body }) =>
    service.updatePreferences(db, viewer.user.id, body),
  );
  done();
}
