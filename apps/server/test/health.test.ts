import { describe, expect, it } from 'vitest';
import { useTestApp } from './context.ts';
import { createTestApp } from './helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe('health endpoints', () => {
  const t = useTestApp(redisUrl ? { REDIS_URL: redisUrl } : {});

  it('/api/health reports the database it checked, and Redis when there is one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      ok: boolean;
      database: string;
      checks: Record<string, { status: string; latencyMs: number }>;
    }>();
    expect(body).toMatchObject({
      ok: true,
      database: t.database.kind,
      checks: { database: { status: 'ok' } },
    });
    if (redisUrl) expect(body.checks.redis).toMatchObject({ status: 'ok' });
    else expect(body.checks).not.toHaveProperty('redis');
  });

  it('/api/health/live answers without asking anything else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('/api/health/ready is 200 while the dependencies answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, checks: { database: { status: 'ok' } } });
  });

  it('every answer carries a request id, and an error answer names it', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'x-request-id': 'trace-42.abc' },
    });
    expect(mine.headers['x-request-id']).toBe('trace-42.abc');
    expect(mine.json()).toMatchObject({
      error: { code: 'errors.notFound', requestId: 'trace-42.abc' },
    });

    const unsafe = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'bad id\nwith a newline' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/api/health/ready when the database is gone', () => {
  it('is 503, while /live still answers', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ok: false, checks: { database: { status: 'down' } } });
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
