/**
 * SESSION_CACHE_TTL_MS=0 (auth/session-cache.ts off, as `npm run bench -- --scale` runs the app):
 * every signed-in request reads its session and user again; the default keeps them 30 s.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS } from '../src/auth/session-cache.ts';
import { loadConfig } from '../src/config.ts';
import { useAuthApp } from './context.ts';
import { createMember, request } from './factories.ts';
import { isHousekeeping, settle } from './statement-counter.ts';

let statements = 0;
const t = useAuthApp(
  { SESSION_CACHE_TTL_MS: 0 },
  {
    logger: {
      logQuery: (query) => {
        if (!isHousekeeping(query)) statements += 1;
      },
    },
  },
);

describe('SESSION_CACHE_TTL_MS=0', () => {
  it('keeps no session: a repeated read looks its session up again', async () => {
    const u = await createMember(t);
    const counts: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      await settle(t);
      statements = 0;
      const res = await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie });
      expect(res.statusCode).toBe(200);
      counts.push(statements);
    }
    // session-cache.test.ts: the same read warm runs one statement fewer than cold.
    expect(counts[1]).toBe(counts[0]);
    expect(counts[1]).toBeGreaterThanOrEqual(1);
    expect(t.app.sessionCache.size()).toBe(0);
  });

  it('reads 0 from the environment, and keeps 30 s by default', () => {
    expect(loadConfig({ SESSION_CACHE_TTL_MS: '0' }).SESSION_CACHE_TTL_MS).toBe(0);
    expect(loadConfig({}).SESSION_CACHE_TTL_MS).toBe(SESSION_CACHE_TTL_MS);
  });
});
