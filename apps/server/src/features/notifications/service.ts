/** Notifications of a user: the 10 newest undismissed, dismissing one of one's own, or all. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, type NotificationRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

export const NOTIFICATION_LIST_SIZE = 10;

export const notificationNotFound = () => notFound('errors.notificationNotFound');

/**
 * Served by notifications_recipient_idx (recipient_id, created_at desc nulls first) where not
 * dismissed. Returns the query builder (awaitable; a test EXPLAINs it through `.toSQL()`).
 */
export function latestNotifications(db: Db, recipientId: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.dismissed, false)))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATION_LIST_SIZE);
}

/**
 * Dismisses one of the recipient's notifications (server time). Idempotent: dismissing again
 * keeps the first time. Someone else's notification is not found.
 */
export async function dismissNotification(
  db: Db,
  recipientId: string,
  id: string,
): Promise<NotificationRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ dismissed: true, dismissedAt: sql`coalesce(${notifications.dismissedAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
      .returning();
    if (!row) throw notificationNotFound();
    return row;
  });
}

/**
 * Dismisses every undismissed notification of the recipient at one server time (one statement,
 * one transaction). Returns how many and that time (now when there were none).
 */
export async function dismissAllNotifications(
  db: Db,
  recipientId: string,
): Promise<{ dismissed: number; dismissedTimestamp: string }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ dismissed: true, dismissedAt: sql`now()` })
      .where(and(eq(notifications.recipientId, recipientId), eq(notifications.dismissed, false)))
      .returning({ dismissedAt: notifications.dismissedAt });
    const at = rows[0]?.dismissedAt ?? new Date();
    return { dismissed: rows.length, dismissedTimestamp: at.toISOString() };
  });
}
