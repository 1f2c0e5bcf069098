/**
 * Health endpoints, `routes.health` (no admission gate, no rate limit):
 *
 * - GET /api/health: the database and, with REDIS_URL, Redis, each `ok`/`down` with its latency;
 *   503 when one is down. `ok` and `database` (the kind) are kept for older users.
 * - GET /api/health/live: the process is up (no dependency is asked); 200 while the event loop runs.
 * - GET /api/health/ready: 503 when the database or (when configured) Redis does not answer, or
 *   while the server shuts down; a load balancer sends traffic only to ready nodes.
 */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { registerRoute } from '../lib/routes.ts';

/** A check slower than this counts as down. */
export const HEALTH_TIMEOUT_MS = 2_000;

export interface Check {
  status: 'ok' | 'down';
  latencyMs: number;
}

async function timed(run: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), HEALTH_TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { status: 'down', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } finally {
    clearTimeout(timer);
  }
}

export async function registerHealth(
  app: FastifyInstance,
  config: Pick<Config, 'REDIS_URL'>,
  database: Database,
): Promise<void> {
  let closing = false;
  // Its own small connection: PING must not queue behind the adapter's traffic, and a Redis that
  // is away makes it fail at once (no offline queue) while it reconnects in the background.
  // Loaded only with REDIS_URL: a site without Redis never pays for the client.
  const redis = config.REDIS_URL
    ? (await import('redis')).createClient({
        url: config.REDIS_URL,
        disableOfflineQueue: true,
        socket: {
          connectTimeout: HEALTH_TIMEOUT_MS,
          reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000),
        },
      })
    : undefined;
  if (redis) {
    redis.on('error', () => {
      // Reported by the checks (down); the live and rate-limit connections log their own errors.
    });
    // Connected before the first check (so a healthy node does not report Redis down while it
    // connects), but a Redis that is away does not hold the start: it keeps reconnecting.
    app.addHook('onReady', async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        redis.connect().catch(() => undefined),
        new Promise((resolve) => {
          timer = setTimeout(resolve, HEALTH_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
    });
    app.addHook('onClose', async () => {
      if (redis.isOpen) await redis.close().catch(() => redis.destroy());
      else redis.destroy();
    });
  }
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  const checks = async () => {
    const [db, r] = await Promise.all([
      timed(() => database.ping()),
      redis ? timed(() => redis.ping()) : Promise.resolve(undefined),
    ]);
    return { database: db, ...(r ? { redis: r } : {}) };
  };
  const allOk = (c: Awaited<ReturnType<typeof checks>>) =>
    c.database.status === 'ok' && (c.redis?.status ?? 'ok') === 'ok';

  registerRoute(app, routes.health.status, async ({ request, reply }) => {
    const c = await checks();
    const ok = allOk(c);
    if (!ok) {
      request.log.error({ checks: c }, 'health check: a dependency does not answer');
      void reply.status(503);
    }
    return { ok, database: database.kind, checks: c };
  });

  registerRoute(app, routes.health.live, () => ({ ok: true }) as const);

  registerRoute(app, routes.health.ready, async ({ request, reply }) => {
    if (closing) {
      void reply.status(503);
      return { ok: false, shuttingDown: true } as const;
    }
    const c = await checks();
    const ok = allOk(c);
    if (!ok) {
      request.log.warn({ checks: c }, 'not ready: a dependency does not answer');
      void reply.status(503);
    }
    return { ok, checks: c };
  });
}
