/**
 * Notifications (issues 4 and 11), through the route table (`routes.notifications`): the bell's
 * 10 most recent undismissed, newest first; the history of /notifications (dismissed included,
 * cursor, type filter); dismissing one or all; the per-type preferences. The socket (app/live)
 * keeps both caches up to date with the pure helpers below, so they are tested as plain functions.
 */
import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Notification, NotificationPreferences, NotificationType } from '@atelier/shared';
import { call } from './client.ts';
import { byId, routePages, routeQuery, useRouteMutation } from './route.ts';

export interface NotificationPage {
  items: Notification[];
  nextCursor: string | null;
}
type History = InfiniteData<NotificationPage, string | null>;

export const notificationKeys = {
  list: ['notifications'] as const,
  history: (type: NotificationType | null) => ['notificationHistory', type] as const,
  historyAll: ['notificationHistory'] as const,
  preferences: ['notificationPreferences'] as const,
};

/** The list shows at most this many (the server sends the same). */
export const notificationListSize = 10;

export function fetchNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return call('GET /api/notifications', { signal });
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => fetchNotifications(signal),
    enabled,
  });
}

/** The history, newest first, one page of 20 at a time; `type` null for every type. */
export function useNotificationHistory(type: NotificationType | null) {
  return useInfiniteQuery(
    routePages(notificationKeys.history(type), 'GET /api/notifications/history', (cursor) => ({
      query: { cursor, type: type ?? undefined },
    })),
  );
}

/** A new notification goes on top (once), the list stays at its size. */
export function withNotification(
  list: Notification[] | undefined,
  notification: Notification,
): Notification[] {
  const rest = (list ?? []).filter((n) => n.id !== notification.id);
  if (notification.dismissed) return rest;
  return [notification, ...rest].slice(0, notificationListSize);
}

/** A dismissed notification leaves the list. */
export function withoutNotification(
  list: Notification[] | undefined,
  id: string,
): Notification[] | undefined {
  return list?.filter((n) => n.id !== id);
}

/** "Dismiss all" done at `dismissedTimestamp`: the ones created up to then leave the list. */
export function withoutNotificationsUpTo(
  list: Notification[] | undefined,
  dismissedTimestamp: string,
): Notification[] | undefined {
  const at = Date.parse(dismissedTimestamp);
  return list?.filter((n) => Date.parse(n.timestamp) > at);
}

/**
 * The history with a new (or updated: a grouped like) notification: on top of the first page,
 * and out of wherever it was before. A history filtered on another type is left alone.
 */
export function historyWithNotification(
  history: History | undefined,
  type: NotificationType | null,
  notification: Notification,
): History | undefined {
  if (!history || (type && type !== notification.type)) return history;
  const pages = history.pages.map((p, i) => ({
    ...p,
    items: [...(i === 0 ? [notification] : []), ...p.items.filter((n) => n.id !== notification.id)],
  }));
  return { ...history, pages };
}

/** The history with notifications marked dismissed (`which` picks them) at `at`. */
export function historyDismissed(
  history: History | undefined,
  which: (n: Notification) => boolean,
  at: string,
): History | undefined {
  if (!history) return history;
  return {
    ...history,
    pages: history.pages.map((p) => ({
      ...p,
      items: p.items.map((n) =>
        !n.dismissed && which(n) ? { ...n, dismissed: true, dismissedTimestamp: at } : n,
      ),
    })),
  };
}

/** Applies a change to every cached history (each filter). */
export function updateHistories(
  queryClient: QueryClient,
  change: (history: History | undefined, type: NotificationType | null) => History | undefined,
) {
  for (const [key, data] of queryClient.getQueriesData<History>({
    queryKey: notificationKeys.historyAll,
  })) {
    const type = (key[1] ?? null) as NotificationType | null;
    queryClient.setQueryData<History>(key, change(data, type));
  }
}

export function useDismissAllNotifications() {
  return useRouteMutation('POST /api/notifications/dismiss-all', () => ({}), {
    onMutate: (_none, { client }) => {
      client.setQueryData<Notification[]>(notificationKeys.list, []);
    },
    onSuccess: (result, _none, _result, { client }) =>
      updateHistories(client, (h) =>
        historyDismissed(
          h,
          (n) => Date.parse(n.timestamp) <= Date.parse(result.dismissedTimestamp),
          result.dismissedTimestamp,
        ),
      ),
    invalidatesSettled: [notificationKeys.list],
  });
}

export function useDismissNotification() {
  return useRouteMutation('POST /api/notifications/:id/dismiss', byId, {
    onMutate: (id, { client }) => {
      client.setQueryData<Notification[]>(notificationKeys.list, (list) =>
        withoutNotification(list, id),
      );
    },
    onSuccess: (n, _id, _result, { client }) =>
      updateHistories(client, (h) =>
        historyDismissed(h, (x) => x.id === n.id, n.dismissedTimestamp ?? n.timestamp),
      ),
    invalidatesSettled: [notificationKeys.list],
  });
}

export function useNotificationPreferences(enabled = true) {
  return useQuery({
    ...routeQuery(notificationKeys.preferences, 'GET /api/notifications/preferences'),
    enabled,
  });
}

/** Optimistic: the changes show at once, and the previous preferences come back on an error. */
export function useUpdateNotificationPreferences() {
  return useRouteMutation(
    'PUT /api/notifications/preferences',
    (changes: Partial<NotificationPreferences>) => ({ body: changes }),
    {
      onMutate: (changes, { client }) => {
        const previous = client.getQueryData<NotificationPreferences>(notificationKeys.preferences);
        if (previous) {
          client.setQueryData<NotificationPreferences>(notificationKeys.preferences, {
            ...previous,
            ...changes,
          });
        }
        return { previous };
      },
      onError: (_err, _changes, context, { client }) => {
        if (context?.previous) client.setQueryData(notificationKeys.preferences, context.previous);
      },
      onSuccess: (saved, _changes, _result, { client }) =>
        client.setQueryData(notificationKeys.preferences, saved),
    },
  );
}
