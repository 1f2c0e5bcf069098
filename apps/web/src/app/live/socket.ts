/**
 * The one Socket.IO connection of a tab (issue 4): same origin, authenticated by the session
 * cookie, loaded lazily (`import('socket.io-client')`) so it never weighs on the initial bundle.
 * Rooms are decided by the server; the tab only says which post page it shows (`post:watch`).
 * Every server event feeds the same TanStack Query cache as HTTP, through the cache handlers of
 * the api modules: notifications are applied as data, the data rooms' signals invalidate exactly
 * the affected queries (only the ones on screen refetch at once).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  CurrentUser,
  Notification,
  ServerToClientEvents,
} from '@atelier/shared';
import { commentKeys, onPostChanged } from '../../api/comments.ts';
import { homeKeys, onHomeChanged } from '../../api/home.ts';
import { queryKeys } from '../../api/keys.ts';
import {
  historyDismissed,
  historyWithNotification,
  notificationKeys,
  updateHistories,
  withNotification,
  withoutNotification,
  withoutNotificationsUpTo,
} from '../../api/notifications.ts';
import { postKeys } from '../../api/posts.ts';
import { onPresenceChanged, presenceKeys, watchPresence } from '../../api/presence.ts';
import { onStatusUpdatesChanged, statusKeys } from '../../api/statusUpdates.ts';
import { onTagsChanged, tagKeys } from '../../api/tags.ts';
import { onWatchedPostChange, watchedPost } from './watchedPost.ts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What each server event does to the cache (plain functions, tested without a socket). */
export function onNotificationNew(queryClient: QueryClient, notification: Notification) {
  queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
    withNotification(list, notification),
  );
  updateHistories(queryClient, (h, type) => historyWithNotification(h, type, notification));
}

export function onNotificationDismissed(
  queryClient: QueryClient,
  payload: { id: string; dismissedTimestamp: string },
) {
  queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
    withoutNotification(list, payload.id),
  );
  updateHistories(queryClient, (h) =>
    historyDismissed(h, (n) => n.id === payload.id, payload.dismissedTimestamp),
  );
}

export function onAllNotificationsDismissed(
  queryClient: QueryClient,
  payload: { dismissedTimestamp: string },
) {
  queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
    withoutNotificationsUpTo(list, payload.dismissedTimestamp),
  );
  const at = Date.parse(payload.dismissedTimestamp);
  updateHistories(queryClient, (h) =>
    historyDismissed(h, (n) => Date.parse(n.timestamp) <= at, payload.dismissedTimestamp),
  );
}

/** The user's own record changed (roles, ban, displayed role): the guard and menu follow /api/me. */
export function onMeChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

/**
 * The socket's greeting: the user's claims changed since the cached user was read (a ban or a
 * decision committed while the tab was loading or connecting), so the guard follows /api/me.
 */
export function onMeClaims(queryClient: QueryClient, payload: { claimsModifiedTimestamp: string }) {
  const me = queryClient.getQueryData<CurrentUser | null>(queryKeys.me);
  if (me?.claimsModifiedTimestamp !== payload.claimsModifiedTimestamp) onMeChanged(queryClient);
}

/** The server events and their cache handlers (one line each; add new events here). */
export function liveHandlers(queryClient: QueryClient): {
  [E in keyof ServerToClientEvents]?: ServerToClientEvents[E];
} {
  return {
    'notification:new': (n) => onNotificationNew(queryClient, n),
    'notification:dismissed': (p) => onNotificationDismissed(queryClient, p),
    'notification:allDismissed': (p) => onAllNotificationsDismissed(queryClient, p),
    'me:changed': () => onMeChanged(queryClient),
    'me:claims': (p) => onMeClaims(queryClient, p),
    'home:changed': () => void onHomeChanged(queryClient),
    'tags:changed': () => void onTagsChanged(queryClient),
    'post:changed': (change) => void onPostChanged(queryClient, change),
    'statusUpdates:changed': (change) => void onStatusUpdatesChanged(queryClient, change),
    'presence:changed': (presence) => onPresenceChanged(queryClient, presence),
  };
}

/**
 * After a reconnection: refetch what may have been missed while disconnected (the user, the
 * notifications, home, tags, status updates, posts and comments; only what is on screen refetches
 * now, the rest when next shown).
 */
export function onReconnected(queryClient: QueryClient) {
  for (const queryKey of [
    queryKeys.me,
    notificationKeys.list,
    notificationKeys.historyAll,
    homeKeys.home,
    tagKeys.all,
    statusKeys.all,
    postKeys.all,
    commentKeys.all,
    presenceKeys.all,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** How long after the server closed the socket (a restart, a lost access) to try once more. */
export const serverCloseRetryMs = 2_000;

/**
 * Opens the socket and wires the cache handlers; `onConnected` reports the connection state.
 * `close()` stops every listener and closes the socket (log out, loss of access, unmount).
 */
export async function openLiveSocket(
  queryClient: QueryClient,
  onConnected: (connected: boolean) => void,
): Promise<{ socket: LiveSocket; close: () => void }> {
  const { io } = await import('socket.io-client');
  // WebSocket first: one connection instead of long-polling requests (an XHR each, while the page
  // is still loading) and an upgrade. Where WebSocket cannot get through (a proxy that drops the
  // upgrade), Socket.IO tries long-polling next.
  const socket: LiveSocket = io({
    path: '/socket.io',
    withCredentials: true,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  let connectedOnce = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const watch = (postId: string) => {
    socket.emit('post:watch', postId, () => undefined);
  };
  const stopWatching = onWatchedPostChange((postId, previous) => {
    if (!socket.connected) return; // the next 'connect' watches the current one
    if (postId) watch(postId);
    else if (previous) socket.emit('post:unwatch', previous);
  });

  socket.on('connect', () => {
    if (connectedOnce) onReconnected(queryClient);
    connectedOnce = true;
    // A new connection is in no post's room yet.
    const postId = watchedPost();
    if (postId) watch(postId);
    onConnected(true);
  });
  socket.on('disconnect', (reason) => {
    onConnected(false);
    if (reason !== 'io server disconnect' || closed) return;
    // The server closed it: the user may have lost access (the guard follows /api/me and this
    // socket is closed with the shell), or the server restarted: then try again, once.
    onMeChanged(queryClient);
    retry = setTimeout(() => {
      if (!closed) socket.connect();
    }, serverCloseRetryMs);
  });
  socket.on('connect_error', () => onConnected(false));
  const handlers = liveHandlers(queryClient);
  for (const [event, handler] of Object.entries(handlers)) {
    (socket.on as (e: string, fn: (...args: never[]) => void) => void).call(socket, event, handler);
  }
  const stopPresence = watchPresence(queryClient, socket);
  // Leaving the page (a navigation, the tab closed): the socket says goodbye at once. One still on
  // HTTP long-polling (it had not upgraded yet) would otherwise stay connected on the server, its
  // user online, until the ping timeout (up to 45 s). Back from the back/forward cache: again.
  const onPageHide = () => socket.disconnect();
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted && !closed) socket.connect();
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);

  return {
    socket,
    close() {
      closed = true;
      clearTimeout(retry);
      stopWatching();
      stopPresence();
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
