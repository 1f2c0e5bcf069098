/**
 * Notifications (issue 4): the 10 most recent undismissed of the signed-in user, newest first,
 * dismiss one, and dismiss all (issue 11). The socket (app/live) keeps the same query cache up to date with the pure helpers
 * below, so they are tested as plain functions.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DismissAllResult, Notification } from '@atelier/shared';
import { api } from './client.ts';

export const notificationKeys = { list: ['notifications'] as const };

/** The list shows at most this many (the server sends the same). */
export const notificationListSize = 10;

export function fetchNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return api.get<Notification[]>('/api/notifications', signal);
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => fetchNotifications(signal),
    enabled,
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

export function useDismissAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DismissAllResult>('/api/notifications/dismiss-all'),
    onMutate: () => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list, []);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<Notification>(`/api/notifications/${encodeURIComponent(id)}/dismiss`),
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
        withoutNotification(list, id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}
