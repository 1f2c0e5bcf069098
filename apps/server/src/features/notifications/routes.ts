/**
 * GET /api/notifications (10 newest undismissed, newest first) and
 * POST /api/notifications/:id/dismiss (own only; pushes `notification:dismissed` to the user's tabs)
 * and POST /api/notifications/dismiss-all (every undismissed one of the user's; pushes
 * `notification:allDismissed`).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DismissAllResult, Notification } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { presentNotifications } from './presenter.ts';
import {
  dismissAllNotifications,
  dismissNotification,
  latestNotifications,
  notificationNotFound,
} from './service.ts';

function notificationId(params: unknown): string {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw notificationNotFound();
  return parsed.data.id;
}

export function notificationRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const member = requireAccess('member');

  app.get(
    '/api/notifications',
    { preHandler: member },
    async (request): Promise<Notification[]> => {
      const rows = await latestNotifications(db, viewerOf(request).user.id);
      return presentNotifications(db, rows);
    },
  );

  app.post(
    '/api/notifications/dismiss-all',
    { preHandler: member },
    async (request): Promise<DismissAllResult> => {
      const userId = viewerOf(request).user.id;
      const result = await dismissAllNotifications(db, userId);
      if (result.dismissed > 0) {
        app.live.emitter.toUser(userId, 'notification:allDismissed', {
          dismissedTimestamp: result.dismissedTimestamp,
        });
      }
      return result;
    },
  );

  app.post(
    '/api/notifications/:id/dismiss',
    { preHandler: member },
    async (request): Promise<Notification> => {
      const id = notificationId(request.params);
      const userId = viewerOf(request).user.id;
      const row = await dismissNotification(db, userId, id);
      const [notification] = await presentNotifications(db, [row]);
      if (!notification) throw notificationNotFound();
      app.live.emitter.toUser(userId, 'notification:dismissed', {
        id: row.id,
        dismissedTimestamp: notification.dismissedTimestamp ?? new Date().toISOString(),
      });
      return notification;
    },
  );
  done();
}
