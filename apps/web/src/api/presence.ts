/**
 * Presence (issue 4): whether a user is online, and when they were last seen (server time).
 * The first read of each user goes through GET /api/presence, batched: every id asked for within
 * 10 ms becomes one request (100 ids at most each). After that the socket keeps the cache current:
 * watchPresence tells the server which users are on screen (`presence:watch`, the presence
 * queries that have observers), `presence:changed` updates them (onPresenceChanged), and a
 * reconnection marks them all stale.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import {
  presenceBatchLimit,
  presenceWatchLimit,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type UserPresence,
  type UserProfile,
} from '@atelier/shared';
import { call } from './client.ts';
import { useCurrentUser } from './me.ts';

export const presenceKeys = {
  all: ['presence'] as const,
  user: (id: string) => ['presence', id] as const,
};

type Waiter = { resolve: (p: UserPresence) => void; reject: (err: unknown) => void };
let pending: Map<string, Waiter[]> | null = null;

const unknownPresence = (userId: string): UserPresence => ({
  userId,
  online: false,
  lastSeenTimestamp: null,
});

async function flush(batch: Map<string, Waiter[]>) {
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += presenceBatchLimit) {
    const chunk = ids.slice(i, i + presenceBatchLimit);
    try {
      const list = await call('GET /api/presence', {
        query: { ids: chunk.join(',') },
      });
      const byId = new Map(list.map((p) => [p.userId, p]));
      for (const id of chunk) {
        for (const w of batch.get(id) ?? []) w.resolve(byId.get(id) ?? unknownPresence(id));
      }
    } catch (err) {
      for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(err);
    }
  }
}

/** One user's presence, fetched together with the others asked for in the same 10 ms. */
export function fetchPresence(userId: string): Promise<UserPresence> {
  return new Promise((resolve, reject) => {
    if (!pending) {
      const batch = new Map<string, Waiter[]>();
      pending = batch;
      setTimeout(() => {
        pending = null;
        void flush(batch);
      }, 10);
    }
    const waiters = pending.get(userId) ?? [];
    waiters.push({ resolve, reject });
    pending.set(userId, waiters);
  });
}

/**
 * A user's presence for users with access (others get undefined: no socket, no presence).
 * `initial` (e.g. from the profile) saves the first request.
 */
export function usePresence(userId: string, initial?: UserPresence) {
  const me = useCurrentUser();
  return useQuery({
    queryKey: presenceKeys.user(userId),
    queryFn: () => fetchPresence(userId),
    enabled: Boolean(me?.hasAccess && userId),
    initialData: initial,
    staleTime: Infinity,
  }).data;
}

/** `presence:changed` from the socket: updates the users on screen (others are not cached). */
export function onPresenceChanged(queryClient: QueryClient, presence: UserPresence) {
  const key = presenceKeys.user(presence.userId);
  if (queryClient.getQueryState(key) === undefined) return;
  queryClient.setQueryData(key, presence);
}

/** After a reconnection: changes may have been missed. */
export function onPresenceReconnected(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: presenceKeys.all });
}

/** The presence a profile carries (it seeds the presence query of that user). */
export function presenceOfProfile(profile: UserProfile): UserPresence {
  return {
    userId: profile.id,
    online: profile.online,
    lastSeenTimestamp: profile.lastSeenTimestamp,
  };
}

type PresenceSocket = Pick<
  Socket<ServerToClientEvents, ClientToServerEvents>,
  'connected' | 'emit' | 'on' | 'off'
>;

/** The users whose presence is on screen now (presence queries with observers), sorted. */
export function watchedUsers(queryClient: QueryClient): string[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: presenceKeys.all })
    .filter((q) => q.getObserversCount() > 0)
    .map((q) => String(q.queryKey[1]))
    .sort()
    .slice(0, presenceWatchLimit);
}

/**
 * Keeps the socket's `presence:watch` list equal to the users on screen (50 ms after a change,
 * and again on every connection, since a new connection watches no one). Returns the stop.
 */
export function watchPresence(queryClient: QueryClient, socket: PresenceSocket): () => void {
  let sent: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = (force: boolean) => {
    if (!socket.connected) return;
    const ids = watchedUsers(queryClient);
    const key = ids.join(',');
    if (!force && key === sent) return;
    sent = key;
    socket.emit('presence:watch', ids);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey as readonly unknown[];
    if (key[0] !== presenceKeys.all[0]) return;
    if (
      event.type !== 'observerAdded' &&
      event.type !== 'observerRemoved' &&
      event.type !== 'removed'
    ) {
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => send(false), 50);
  });
  const onConnect = () => send(true);
  socket.on('connect', onConnect);
  send(true);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    socket.off('connect', onConnect);
  };
}
