/**
 * Where live pushes go. In this slice one process holds every socket (Socket.IO's in-memory
 * adapter); with REDIS_URL the Socket.IO Redis adapter will fan the same calls out to every node.
 * Callers only name a user, never a room.
 */
import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@atelier/shared';

export type LiveEvent = keyof ServerToClientEvents;
export type LivePayload<E extends LiveEvent> = Parameters<ServerToClientEvents[E]>[0];

export interface LiveEmitter {
  /** Sends `event` to every open tab of the user. */
  toUser<E extends LiveEvent>(userId: string, event: E, payload: LivePayload<E>): void;
}

/** What the server keeps on each socket. */
export interface LiveSocketData {
  userId: string;
}

export type LiveServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  LiveSocketData
>;

/** The room of a user's own tabs (joined by the server on connection). */
export const userRoom = (userId: string) => `user:${userId}`;

export function socketEmitter(io: LiveServer): LiveEmitter {
  return {
    toUser(userId, event, payload) {
      // Socket.IO's typed emit needs the exact event; the map guarantees the payload matches.
      (io.to(userRoom(userId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
  };
}

/** Drops everything (before the socket server exists or after it closed). */
export const nullEmitter: LiveEmitter = { toUser: () => undefined };
