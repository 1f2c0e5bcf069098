/**
 * Redis for scale-out (REDIS_URL): one command client (also the Socket.IO adapter's publisher and
 * the presence store's connection) and one subscriber for the adapter.
 *
 * At start-up a Redis that does not answer fails the start after a few tries (a clear error);
 * once connected, a lost connection is retried for ever (backoff up to 2 s) and logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisConnections {
  /** Commands and PUBLISH. */
  pub: RedisClient;
  /** SUBSCRIBE only (the Socket.IO adapter). */
  sub: RedisClient;
  /** Closes both (pending replies are awaited). */
  close(): Promise<void>;
}

const STARTUP_RETRIES = 5;

/** Where the URL points, without credentials (for logs and errors). */
export function redisLocation(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'REDIS_URL';
  }
}

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnections> {
  // Loaded only with REDIS_URL: a site without Redis never pays for the client.
  const { createClient } = await import('redis');
  let connected = false;
  let lastError: unknown;
  const make = (role: string): RedisClient => {
    const client = createClient({
      url,
      socket: {
        connectTimeout: 5_000,
        reconnectStrategy: (retries: number, cause: Error) => {
          if (!connected && retries >= STARTUP_RETRIES) return cause;
          return Math.min(100 * 2 ** retries, 2_000);
        },
      },
    });
    client.on('error', (err: unknown) => {
      lastError = err;
      if (connected) log.warn({ err, role }, 'live: Redis connection error (retrying)');
    });
    return client;
  };
  const pub = make('commands');
  const sub = pub.duplicate();
  sub.on('error', (err: unknown) => {
    lastError = err;
    if (connected) log.warn({ err, role: 'subscriber' }, 'live: Redis connection error (retrying)');
  });
  const connecting = await Promise.allSettled([pub.connect(), sub.connect()]);
  const failed = connecting.find((r) => r.status === 'rejected');
  if (failed) {
    for (const client of [pub, sub]) {
      if (client.isOpen) client.destroy();
    }
    const cause = (lastError ?? failed.reason) as Error;
    throw new Error(`Cannot connect to Redis (${redisLocation(url)}): ${cause.message}`, {
      cause,
    });
  }
  connected = true;
  let closing: Promise<void> | undefined;
  return {
    pub,
    sub,
    close() {
      closing ??= Promise.all(
        [pub, sub].map(async (c) => {
          try {
            await c.close();
          } catch {
            c.destroy();
          }
        }),
      ).then(() => undefined);
      return closing;
    },
  };
}
