/**
 * Where live pushes go. Callers name a user or one of the data rooms below; the rooms a socket is
 * in are decided by the server (plugin.ts). One process holds every socket with Socket.IO's
 * in-memory adapter; with the Redis adapter the same calls fan out to every node.
 */
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@atelier/shared';

export type LiveEvent = keyof ServerToClientEvents;
export type LivePayload<E extends LiveEvent> = Parameters<ServerToClientEvents[E]>[0];

/** The data rooms: every socket with access joins home, tags and status updates on connection. */
export const rooms = {
  /** A user's own tabs. */
  user: (userId: string) => `user:${userId}`,
  home: 'home',
  tags: 'tags',
  statusUpdates: 'status-updates',
  /** The sockets on this post's page (joined through `post:watch` after an access check). */
  post: (postId: string) => `post:${postId}`,
} as const;

/** The room of a user's own tabs (joined by the server on connection). */
export const userRoom = rooms.user;

export interface LiveEmitter {
  /** Sends `event` to every open tab of the user. */
  toUser<E extends LiveEvent>(userId: string, event: E, payload: LivePayload<E>): void;
  /** Sends `event` to every socket in a data room (a value of `rooms`). */
  toRoom<E extends LiveEvent>(room: string, event: E, payload: LivePayload<E>): void;
  /** Closes every socket of the user (on every node); the client does not reconnect by itself. */
  disconnectUser(userId: string): void;
  /**
   * Closes the user's sockets of one kind, on every node: those opened with access (`'access'`: the
   * user lost it) or without (`'limited'`: the user gained it); the tab opens one of the right kind.
   */
  disconnectUserKind(userId: string, opened: SocketKind): void;
  /** Closes every socket opened with this session of the user's (on every node). */
  disconnectSession(userId: string, sessionId: string): void;
}

/** What the server keeps on each socket. */
export interface LiveSocketData {
  userId: string;
  /** The Better Auth session the socket was opened with. */
  sessionId: string;
  /** When that session expires (ms since the epoch), as it was when the socket connected. */
  sessionExpiresAt: number;
  /**
   * Opened by a user without access (pending, rejected, banned): only in its user's and session's
   * rooms; no presence, no post or presence watching.
   */
  limited: boolean;
  /** The user's `claimsModifiedAt` read when the socket was admitted (its `me:claims` greeting). */
  claimsModifiedTimestamp: string;
  /** The post whose room this socket is in, if any (one at a time). */
  watchedPostId?: string;
  /** How many `post:watch` / `post:unwatch` it has sent (the last one wins, watch.ts). */
  watchSeq?: number;
}

/** A socket opened with access (member, moderator) or without (pending, rejected, banned). */
export type SocketKind = 'access' | 'limited';

/**
 * Between nodes (Redis adapter): a broad room's signal, which each node writes to its sockets; the
 * user's sockets of a kind, or of a session, which each node closes among its own.
 */
export interface InterServerEvents {
  'live:signal': (room: string, event: string, payload: unknown) => void;
  'live:closeKind': (userId: string, kind: SocketKind) => void;
  'live:closeSession': (userId: string, sessionId: string) => void;
}

export type LiveServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  LiveSocketData
>;

/** The rooms every socket with access is in: a message to one is written to every socket. */
export const broadRooms: ReadonlySet<string> = new Set([
  rooms.home,
  rooms.tags,
  rooms.statusUpdates,
]);

type Send = (room: string, event: string, payload: unknown) => void;

/**
 * Batched signals to the broad rooms: the first message to a room goes out at once and opens a
 * window of `windowMs`; the messages for that room within the window are kept (each distinct one
 * once) and sent when it ends, which opens the next window. A burst of comments then costs each
 * socket one `home:changed` per window instead of one per comment (and the node one write per
 * socket, not thousands). `windowMs` 0: each message at once.
 */
export function signalBatcher(send: Send, windowMs: number) {
  interface Window {
    timer: NodeJS.Timeout;
    /** The messages held for the end of the window, by their text. */
    held: Map<string, { event: string; payload: unknown }>;
  }
  const open = new Map<string, Window>();
  const openWindow = (room: string) => {
    const window: Window = {
      timer: setTimeout(() => {
        open.delete(room);
        if (window.held.size === 0) return;
        for (const m of window.held.values()) send(room, m.event, m.payload);
        openWindow(room);
      }, windowMs),
      held: new Map(),
    };
    window.timer.unref();
    open.set(room, window);
  };
  return {
    send(room: string, event: string, payload: unknown) {
      if (windowMs <= 0) return send(room, event, payload);
      const window = open.get(room);
      if (window) window.held.set(`${event}\u0000${JSON.stringify(payload)}`, { event, payload });
      else {
        send(room, event, payload);
        openWindow(room);
      }
    },
    /** Drops what is held (the server is closing). */
    stop() {
      for (const window of open.values()) clearTimeout(window.timer);
      open.clear();
    },
  };
}

/**
 * Sockets written per turn of the event loop when a broad room's signal goes out: about half a
 * millisecond of writes (10–20 µs a socket, 2 × Xeon). 500 made turns of 5 ms, and each of the
 * dozen database round trips of a comment and its notification on PostgreSQL waited behind one:
 * the deliveries during a 10,000-socket signal took 70–100 ms instead of 10–30
 * (docs/performance.md, Live).
 */
export const SIGNAL_CHUNK = 50;

/**
 * Writes a broad room's signal to this node's sockets in it, SIGNAL_CHUNK at a time with a turn
 * of the event loop between chunks: one Socket.IO broadcast to 10,000 sockets is 10,000 writes in
 * one go, during which no request is read, no query answer is taken and no notification goes
 * out. The sockets are those in the room when the signal is sent (one that closes meanwhile is
 * skipped).
 */
function writeInChunks(io: LiveServer, room: string, event: string, payload: unknown) {
  const members = io.of('/').adapter.rooms.get(room);
  if (!members || members.size === 0) return;
  const ids = [...members];
  const write = (from: number) => {
    const chunk = ids.slice(from, from + SIGNAL_CHUNK);
    (io.local.to(chunk).emit as (e: string, p: unknown) => boolean)(event, payload);
    if (from + SIGNAL_CHUNK < ids.length) setImmediate(write, from + SIGNAL_CHUNK);
  };
  write(0);
}

export function socketEmitter(
  io: LiveServer,
  { signalMs = 0, clustered = false }: { signalMs?: number; clustered?: boolean } = {},
): LiveEmitter & { stop(): void } {
  const emit: Send = (room, event, payload) => {
    // Socket.IO's typed emit needs the exact event; the map guarantees the payload matches.
    (io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
  };
  // A broad room's signal: each node writes it to its own sockets in chunks (the Redis adapter
  // carries the signal, not the 10,000 writes).
  io.on('live:signal', (room, event, payload) => {
    if (broadRooms.has(room)) writeInChunks(io, room, event, payload);
  });
  // A socket's kind and session are in its data, not in rooms of their own (two hash tables per
  // socket fewer): the user's room holds the few sockets to look through.
  const closeUsersSockets = (userId: string, close: (data: LiveSocketData) => boolean) => {
    const namespace = io.of('/');
    for (const id of namespace.adapter.rooms.get(rooms.user(userId)) ?? []) {
      const socket = namespace.sockets.get(id);
      if (socket && close(socket.data)) socket.disconnect(true);
    }
  };
  const closeKind = (userId: string, kind: SocketKind) =>
    closeUsersSockets(userId, (data) => (data.limited ? 'limited' : 'access') === kind);
  const closeSession = (userId: string, sessionId: string) =>
    closeUsersSockets(userId, (data) => data.sessionId === sessionId);
  io.on('live:closeKind', closeKind);
  io.on('live:closeSession', closeSession);
  const signals = signalBatcher((room, event, payload) => {
    if (clustered) io.serverSideEmit('live:signal', room, event, payload);
    writeInChunks(io, room, event, payload);
  }, signalMs);
  return {
    toUser(userId, event, payload) {
      emit(rooms.user(userId), event, payload);
    },
    toRoom(room, event, payload) {
      if (broadRooms.has(room)) signals.send(room, event, payload);
      else emit(room, event, payload);
    },
    stop: () => signals.stop(),
    disconnectUser(userId) {
      io.in(rooms.user(userId)).disconnectSockets(true);
    },
    disconnectUserKind(userId, kind) {
      if (clustered) io.serverSideEmit('live:closeKind', userId, kind);
      closeKind(userId, kind);
    },
    disconnectSession(userId, sessionId) {
      if (clustered) io.serverSideEmit('live:closeSession', userId, sessionId);
      closeSession(userId, sessionId);
    },
  };
}

export type LiveServerSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  LiveSocketData
>;
