/**
 * Notifications of a user: the 10 newest undismissed (the bell, cached per user), the whole
 * history (cursor, type), dismissing one of one's own or all, and the per-type preferences.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  notificationTypes,
  type Notification,
  type NotificationPreferences,
  type NotificationType,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  notificationPreferences,
  notifications,
  type NotificationRow,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { cursorTs, decodeTimeCursor, encodeTimeCursor } from '../../lib/cursor.ts';
import { notificationsKey, type PayloadCache } from '../../lib/payload-cache.ts';
import { presentNotifications } from './presenter.ts';

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
 * The bell's list as shown, kept per user in the node's cache (lib/payload-cache.ts `personal`,
 * `notificationsKey`): a repeated read runs no statement. Dropped when it may change: a new
 * notification (the dispatcher, the only place that inserts them, drops its recipient's list), a
 * dismissal or an author's new name, role or avatar (write requests and `user.changed` empty the
 * whole cache); on every node.
 */
export function bellOf(db: Db, cache: PayloadCache, userId: string): Promise<Notification[]> {
  return cache.personal(notificationsKey(userId), async () =>
    presentNotifications(db, await latestNotifications(db, userId)),
  );
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

export const HISTORY_PAGE_SIZE = 20;

/**
 * Every notification of the recipient, dismissed included, newest first; keyset cursor on
 * (created_at with microseconds, id), served by notifications_history_idx. `type` keeps one type.
 */
export async function notificationHistory(
  db: Tx,
  recipientId: string,
  query: { cursor?: string; limit?: number; type?: NotificationType },
): Promise<{ rows: NotificationRow[]; nextCursor: string | null }> {
  const limit = query.limit ?? HISTORY_PAGE_SIZE;
  const after = query.cursor ? decodeTimeCursor(query.cursor) : null;
  const keys = await queryRows<{ id: string; cursor_ts: string }>(
    db,
    sql`select id, ${cursorTs('created_at')} as cursor_ts from ${notifications}
        where recipient_id = ${recipientId}
        ${query.type ? sql`and type = ${query.type}` : sql``}
        ${after ? sql`and (created_at, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
        order by created_at desc, id desc
        limit ${limit + 1}`,
  );
  const page = keys.slice(0, limit);
  const last = page.at(-1);
  const rows =
    page.length === 0
      ? []
      : await db
          .select()
          .from(notifications)
          .where(sql`${notifications.id} = any(${sql.param(page.map((k) => k.id))}::uuid[])`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    rows: page.flatMap((k) => byId.get(k.id) ?? []),
    nextCursor: keys.length > limit && last ? encodeTimeCursor([last.cursor_ts, last.id]) : null,
  };
}

/** Every type with its switch (on unless the user switched it off). */
export async function preferencesOf(db: Tx, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const saved = new Map(rows.map((r) => [r.type, r.enabled]));
  return Object.fromEntries(
    notificationTypes.map((t) => [t, saved.get(t) ?? true]),
  ) as NotificationPreferences;
}

/** Saves the switches given (one transaction); returns them all. */
export async function updatePreferences(
  db: Db,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  return db.transaction(async (tx) => {
    const values = notificationTypes.flatMap((type) => {
      const enabled = changes[type];
      return enabled === undefined ? [] : [{ userId, type, enabled }];
    });
    if (values.length > 0) {
      await tx
        .insert(notificationPreferences)
        .values(values)
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
        });
    }
    return preferencesOf(tx, userId);
  });
}
