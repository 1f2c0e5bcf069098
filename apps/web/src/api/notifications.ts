/**
 * Notifications (issues 4 and 11), through the route table (`routes.notifications`): the bell's
 * 10 most recent undismissed, newest first; the history of /notifications (dismissed included,
 * cursor, type filter); dismissing one or all; the per-type preferences. The socket (app/live)
 * keeps both caches up to date with the pure helpers below, so they are tested as plain functions.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Notification,
  NotificationPreferences,
  NotificationType,
  routes,
} from '@atelier/shared';
import { call } from './client.ts';

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
  return call<typeof routes.notifications.list>('GET /api/notifications', { signal });
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
  return useInfiniteQuery({
    queryKey: notificationKeys.history(type),
    queryFn: ({ pageParam, signal }) =>
      call<typeof routes.notifications.history>('GET /api/notifications/history', {
        query: { cursor: pageParam ?? undefined, type: type ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call<typeof routes.notifications.dismissAll>('POST /api/notifications/dismiss-all', {}),
    onMutate: () => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list, []);
    },
    onSuccess: (result) =>
      updateHistories(queryClient, (h) =>
        historyDismissed(
          h,
          (n) => Date.parse(n.timestamp) <= Date.parse(result.dismissedTimestamp),
          result.dismissedTimestamp,
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof routes.notifications.dismiss>('POST /api/notifications/:id/dismiss', {
        params: { id },
      }),
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
        withoutNotification(list, id),
      );
    },
    onSuccess: (n) =>
      updateHistories(queryClient, (h) =>
        historyDismissed(h, (x) => x.id === n.id, n.dismissedTimestamp ?? n.timestamp),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useNotificationPreferences(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) =>
      call<typeof routes.notifications.preferences>('GET /api/notifications/preferences', {
        signal,
      }),
    enabled,
  });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<NotificationPreferences>) =>
      call<typeof routes.notifications.updatePreferences>('PUT /api/notifications/preferences', {
        body: changes,
      }),
    onMutate: (changes) => {
      const previous = queryClient.getQueryData<NotificationPreferences>(
        notificationKeys.preferences,
      );
      if (previous) {
        queryClient.setQueryData<NotificationPreferences>(notificationKeys.preferences, {
          ...previous,
          ...changes,
        });
      }
      return { previous };
    },
    onError: (_err, _changes, context) => {
      if (context?.previous)
        queryClient.setQueryData(notificationKeys.preferences, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}
