/**
 * Session resolution (auth/access.ts, auth/session-cache.ts): one statement for session + user
 * on a cold cache, none on a warm one; a cached viewer is dropped when the user is banned or
 * signs out (the next request is refused or reflects the change).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthApp } from './context.ts';
import { createMember, createModerator, request, type TestUser, send } from './factories.ts';
import { isHousekeeping, settle } from './statement-counter.ts';

let statements = 0;
let mod: TestUser;

const t = useAuthApp(
  {},
  {
    logger: {
      logQuery: (query) => {
        if (!isHousekeeping(query)) statements += 1;
      },
    },
  },
);
beforeAll(async () => {
  mod = await createModerator(t);
}, 120_000);

async function countMe(cookie: string) {
  await settle(t);
  statements = 0;
  const res = await request(t, { method: 'GET', url: '/api/me', cookie });
  return { n: statements, status: res.statusCode };
}

describe('session resolution', () => {
  it('costs one statement cold and none warm (GET /api/me)', async () => {
    const u = await createMember(t);
    t.app.sessionCache.apply({ kind: 'all' });
    const cold = await countMe(u.cookie);
    const warm = await countMe(u.cookie);
    expect(cold.status).toBe(200);
    expect(warm.status).toBe(200);
    expect(cold.n - warm.n).toBe(1);
  });

  it('a ban refuses the very next request of a cached viewer', async () => {
    const u = await createMember(t);
    expect((await countMe(u.cookie)).status).toBe(200);
    const warm = await countMe(u.cookie);
    expect(warm.status).toBe(200);
    await send(t, mod, `POST /api/users/${u.id}/ban`, { reason: 'Spam' }, 204);
    const after = await request(t, { method: 'GET', url: '/api/sections', cookie: u.cookie });
    expect(after.statusCode).toBe(403);
  });

  it('sign-out refuses the next request with the old cookie', async () => {
    const u = await createMember(t);
    expect((await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).statusCode).toBe(
      200,
    );
    await send(t, u, 'POST /api/auth/sign-out', {}, 200);
    expect((await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).statusCode).toBe(
      401,
    );
  });
});
