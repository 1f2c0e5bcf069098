/**
 * Metrics (lib/metrics.ts) wired into the app: `app.metrics`, the request latency histogram (route
 * pattern, method, status class), the database admission gate and pg pool gauges, and where
 * /metrics is served — off unless configured (docs/operations.md):
 *
 * - METRICS_PORT: a separate HTTP server on METRICS_HOST (default 127.0.0.1) answering GET /metrics
 *   to anyone who can reach it (keep it on a private interface).
 * - METRICS_TOKEN: GET /metrics on the main port, to `Authorization: Bearer <token>` only.
 *
 * Otherwise /metrics on the main port is a 404.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { createMetrics, statusClass, type Metrics } from '../lib/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** The port of the separate metrics server once listening (METRICS_PORT), else null. */
    metricsPort: () => number | null;
  }
}

const sameToken = (given: string, expected: string): boolean => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

const bearerOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m?.[1];
};

export function registerMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST' | 'METRICS_TOKEN'>,
  database: Database,
): Metrics {
  // Nobody can read the figures when /metrics is not served: then nothing is timed per request
  // and the process is not watched (the request histogram cost a cached read ~3 % of its CPU).
  const served = Boolean(config.METRICS_TOKEN) || config.METRICS_PORT !== undefined;
  const metrics = createMetrics({ processMetrics: served });
  app.decorate('metrics', metrics);

  if (served) {
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern (`/api/posts/:id`), never the raw URL: a bounded set of labels.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpDuration.observe(
        { route, method: request.method, status_class: statusClass(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  const gate = () => (app.hasDecorator('admission') ? app.admission.stats : undefined);
  metrics.gauge(
    'db_admission_active',
    '/api requests holding a database slot',
    () => gate()?.active,
  );
  metrics.gauge(
    'db_admission_waiting',
    '/api requests waiting for a database slot',
    () => gate()?.waiting,
  );
  metrics.gauge(
    'db_admission_refused',
    '/api requests refused by the admission gate since start (503 errors.overloaded)',
    () => gate()?.refused,
  );
  if (database.poolStats) {
    const pool = database.poolStats.bind(database);
    metrics.gauge('pg_pool_total', 'PostgreSQL pool connections', () => pool().total);
    metrics.gauge('pg_pool_idle', 'Idle PostgreSQL pool connections', () => pool().idle);
    metrics.gauge(
      'pg_pool_waiting',
      'Clients waiting for a PostgreSQL pool connection',
      () => pool().waiting,
    );
  }

  const token = config.METRICS_TOKEN;
  app.get('/metrics', async (request, reply) => {
    if (!token) throw new AppError(404, 'errors.notFound', 'Not found');
    const given = bearerOf(request);
    if (!given || !sameToken(given, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, 'errors.unauthorized', 'A valid metrics token is required');
    }
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).send(body);
  });

  let server: http.Server | undefined;
  app.decorate('metricsPort', () => {
    const address = server?.address() as AddressInfo | null | undefined;
    return address ? address.port : null;
  });
  if (config.METRICS_PORT !== undefined) {
    const port = config.METRICS_PORT;
    app.addHook('onReady', async () => {
      server = http.createServer((req, res) => {
        const path = (req.url ?? '/').split('?')[0];
        if (req.method !== 'GET' || path !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
          return;
        }
        metrics.registry.metrics().then(
          (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
          (err: unknown) => {
            app.log.error({ err }, 'metrics: collecting failed');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error\n');
          },
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, config.METRICS_HOST, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      app.log.info(
        { port: app.metricsPort(), host: config.METRICS_HOST },
        `Metrics on http://${config.METRICS_HOST}:${String(app.metricsPort())}/metrics`,
      );
    });
    app.addHook('onClose', async () => {
      const s = server;
      if (!s) return;
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    });
  }
  return metrics;
}
