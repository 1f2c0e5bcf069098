/**
 * Prometheus metrics (prom-client). One registry per app (tests build many apps in one process);
 * other parts add their own metrics to `app.metrics.registry` (e.g. the mail outbox:
 * `new Gauge({ name: 'atelier_mail_…', help: '…', registers: [app.metrics.registry] })`).
 *
 * Figures read at scrape time (sockets, admission gate, pg pool, pending and parked events) are
 * gauges with a `collect` callback registered by the part that owns them (`onCollect`).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** Request latency by route pattern (never the raw URL), method and status class. */
  httpDuration: Histogram<'route' | 'method' | 'status_class'>;
  /** Requests refused by a rate limit, by class. */
  rateLimited: Counter<'class'>;
  /** Time an admitted /api request waited for a database slot. */
  admissionWait: Histogram;
  /** Time from an event's creation to its dispatch. */
  dispatchLag: Histogram;
  /** Failed dispatches of an event: `retried` (it will be tried again) or `parked`. */
  eventFailures: Counter<'outcome'>;
  /** Adds a gauge whose value(s) are read at each scrape. */
  gauge(
    name: string,
    help: string,
    read: () => number | undefined | Promise<number | undefined>,
  ): Gauge;
}

export const METRIC_PREFIX = 'atelier_';

/**
 * `processMetrics`: prom-client's default metrics of the process (CPU, memory, event loop lag,
 * garbage collections), which watch the process all the time: only when /metrics is served.
 */
export function createMetrics({ processMetrics = true } = {}): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'HTTP request latency by route pattern, method and status class',
      labelNames: ['route', 'method', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimited: new Counter({
      name: `${METRIC_PREFIX}rate_limit_refusals_total`,
      help: 'Requests refused by a rate limit (429), by class',
      labelNames: ['class'] as const,
      registers,
    }),
    admissionWait: new Histogram({
      name: `${METRIC_PREFIX}db_admission_wait_seconds`,
      help: 'Time an admitted /api request waited for a database slot',
      buckets: [0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    dispatchLag: new Histogram({
      name: `${METRIC_PREFIX}events_dispatch_lag_seconds`,
      help: 'Time from a domain event’s creation to its dispatch',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
      registers,
    }),
    eventFailures: new Counter({
      name: `${METRIC_PREFIX}events_failures_total`,
      help: 'Failed domain event dispatches: retried (tried again later) or parked (given up)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    gauge(name, help, read) {
      return new Gauge({
        name: `${METRIC_PREFIX}${name}`,
        help,
        registers,
        async collect() {
          const value = await read();
          if (value !== undefined) this.set(value);
        },
      });
    },
  };
}

/** `2xx`, `4xx`, `5xx`… */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;
