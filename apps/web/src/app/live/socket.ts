/**
 * The one Socket.IO connection of a tab (issue 4): same origin, authenticated by the session
 * cookie, loaded lazily (`import('socket.io-client')`) so it never weighs on the initial bundle.
 * Rooms are decided by the server. The handlers only touch the TanStack Query cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, Notification, ServerToClientEvents } from '@atelier/shared';
import {
  notificationKeys,
  withNotification,
  withoutNotification,
} from '../../api/notifications.ts';
import { queryKeys } from '../../api/keys.ts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What each server event does to the cache (plain functions, tested without a socket). */
export function onNotificationNew(queryClient: QueryClient, notification: Notification) {
  queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
    withNotification(list, notification),
  );
}

export function onNotificationDismissed(queryClient: QueryClient, payload: { id: string }) {
  queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
    withoutNotification(list, payload.id),
  );
}

/** After a reconnection: refetch what may have been missed while disconnected. */
export function onReconnected(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

export function onMeChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

/** Opens the socket and wires the cache handlers; `onConnected` reports the connection state. */
export async function openLiveSocket(
  queryClient: QueryClient,
  onConnected: (connected: boolean) => void,
): Promise<LiveSocket> {
  const { io } = await import('socket.io-client');
  const socket: LiveSocket = io({ path: '/socket.io', withCredentials: true });
  let connectedOnce = false;
  socket.on('connect', () => {
    if (connectedOnce) onReconnected(queryClient);
    connectedOnce = true;
    onConnected(true);
  });
  socket.on('disconnect', () => onConnected(false));
  socket.on('connect_error', () => onConnected(false));
  socket.on('notification:new', (n) => onNotificationNew(queryClient, n));
  socket.on('notification:dismissed', (p) => onNotificationDismissed(queryClient, p));
  socket.on('me:changed', () => onMeChanged(queryClient));
  return socket;
}
