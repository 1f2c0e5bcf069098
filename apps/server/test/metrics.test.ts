/**
 * Prometheus metrics: off unless configured; on the main port only to the bearer token; on their
 * own port with METRICS_PORT. The request histogram is labelled by route pattern (never the raw
 * URL), rate-limit refusals are counted by class, and this node's sockets are a gauge.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, line: RegExp): number {
  for (const l of text.split('\n')) {
    if (l.startsWith('#')) continue;
    const [series = '', value = ''] = l.split(/ (?=[^ ]+$)/);
    if (line.test(series)) return Number(value);
  }
  return 0;
}

describe('/metrics with METRICS_TOKEN', () => {
  const token = crypto.randomBytes(24).toString('base64url');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { TRUST_PROXY: true },
      { env: { METRICS_TOKEN: token, RATE_LIMITS: 'signInIp=1/600' } },
    );
  });
  afterAll(() => t.close());

  const scrape = () =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

  it('is refused without the token or with another one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('atelier_');
  });

  it('counts requests per route pattern, method and status class', async () => {
    const route =
      /^atelier_http_request_duration_seconds_count\{.*route="\/api\/posts\/:id".*status_class="4xx"/;
    const before = sample((await scrape()).body, route);
    for (const id of [crypto.randomUUID(), crypto.randomUUID()])
      await t.app.inject({ method: 'GET', url: `/api/posts/${id}` });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(sample(res.body, route)).toBe(before + 2);
    // The ids themselves never become labels.
    expect(res.body).not.toMatch(/route="\/api\/posts\/[0-9a-f]{8}-/);
    expect(res.body).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('counts a rate-limit refusal under its class', async () => {
    const ip = `198.51.100.${crypto.randomInt(1, 254)}`;
    const signIn = () =>
      request(t, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': ip },
        payload: {
          email: `nobody-${crypto.randomUUID()}@example.com`,
          password: 'not the one 123',
        },
      });
    const series = /^atelier_rate_limit_refusals_total\{class="signInIp"\}/;
    const before = sample((await scrape()).body, series);
    expect((await signIn()).statusCode).not.toBe(429);
    expect((await signIn()).statusCode).toBe(429);
    expect(sample((await scrape()).body, series)).toBe(before + 1);
  });
});

describe('/metrics unconfigured', () => {
  it('is not served, and nothing is collected', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('atelier_');
      // Nothing that nobody can read is recorded: no request timings, no process metrics.
      await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect((await t.app.metrics.httpDuration.get()).values).toEqual([]);
      expect(
        await t.app.metrics.registry
          .getSingleMetricAsString('process_cpu_seconds_total')
          .catch(() => 'absent'),
      ).toBe('absent');
    } finally {
      await t.close();
    }
  });
});

describe('/metrics on METRICS_PORT', () => {
  it('answers on its own port, with this node’s sockets', async () => {
    const t = await createTestApp({}, { env: { METRICS_PORT: '0' } });
    try {
      const port = t.app.metricsPort();
      expect(port).toBeGreaterThan(0);
      const res = await fetch(`http://127.0.0.1:${String(port)}/metrics`);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(sample(body, /^atelier_sockets$/)).toBe(0);
      expect((await fetch(`http://127.0.0.1:${String(port)}/other`)).status).toBe(404);
      // Not on the main port.
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
