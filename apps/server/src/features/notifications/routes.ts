/**
 * GET /api/notifications (10 newest undismissed, newest first) and
 * POST /api/notifications/:id/dismiss (own only; pushes `notification:dismissed` to the user's tabs).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Notification } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { presentNotifications } from './presenter.ts';
import { dismissNotification, latestNotifications, notificationNotFound } from './service.ts';

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
