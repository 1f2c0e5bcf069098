/** Real socket.io clients against a listening test app (live*.test.ts). */
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, WatchResult } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { domainEvents } from '../src/db/schema/index.ts';
import type { TestApp } from './helpers.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type EventName = keyof ServerToClientEvents;
export type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export interface SocketKit {
  /**
   * A socket of `cookie` (or none) sent from `origin` (the site's by default), resolved once the
   * server's `me:claims` greeting arrived (every later event comes after it); `connect_error`
   * rejects with the server's message. `polling`: long polling first, then the upgrade to
   * WebSocket (the browser client's default; WebSocket only otherwise).
   */
  open(cookie?: string, origin?: string, options?: { polling?: boolean }): Promise<ClientSocket>;
  /** Disconnects every socket opened so far. */
  closeAll(): void;
}

export function socketKit(t: TestApp, url: string): SocketKit {
  const sockets: ClientSocket[] = [];
  return {
    open(cookie, origin = t.config.baseUrl, { polling = false } = {}) {
      const socket: ClientSocket = connect(url, {
        path: '/socket.io',
        transports: polling ? ['polling', 'websocket'] : ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { origin, ...(cookie ? { cookie } : {}) },
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('me:claims', (greeting) => {
          greetings.set(socket, greeting.claimsModifiedTimestamp);
          resolve(socket);
        });
        socket.once('connect_error', (err) => reject(err));
      });
    },
    closeAll() {
      for (const s of sockets.splice(0)) s.disconnect();
    },
  };
}

const greetings = new WeakMap<ClientSocket, string>();

/** The claims timestamp of the socket's `me:claims` greeting. */
export function greetingOf(socket: ClientSocket): string | undefined {
  return greetings.get(socket);
}

/** Every `event` the socket receives from now on. */
export function collect<E extends EventName>(socket: ClientSocket, event: E): PayloadOf<E>[] {
  const seen: PayloadOf<E>[] = [];
  (socket.on as (e: string, fn: (p: never) => void) => void)(event, (p) => seen.push(p));
  return seen;
}

/** Resolves with the first `event` received that matches (rejects after 5 s). */
export function next<E extends EventName>(
  socket: ClientSocket,
  event: E,
  matches: (p: PayloadOf<E>) => boolean = () => true,
): Promise<PayloadOf<E>> {
  return new Promise((resolve, reject) => {
    type Listen = (e: string, fn: (p: never) => void) => void;
    const on = (socket.on as Listen).bind(socket);
    const off = (socket.off as Listen).bind(socket);
    const listener = (p: PayloadOf<E>) => {
      if (!matches(p)) return;
      clearTimeout(timer);
      off(event, listener);
      resolve(p);
    };
    const timer = setTimeout(() => {
      off(event, listener);
      reject(new Error(`no ${event} within 5 s`));
    }, 5_000);
    on(event, listener);
  });
}

/** Asks to watch a post's page; resolves with the server's answer. */
export function watch(socket: ClientSocket, postId: string): Promise<WatchResult> {
  return new Promise((resolve) => socket.emit('post:watch', postId, resolve));
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Events of `type` were recorded, and every one of them is marked dispatched. */
export async function expectDispatched(t: TestApp, type: string) {
  const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, type));
  expect(events.length).toBeGreaterThan(0);
  expect(events.every((e) => e.dispatchedAt !== null)).toBe(true);
}
