/**
 * No N+1 in the moderation reads: the mod log, a user's notes, the pending promotion requests and
 * the accounts sharing a visitor id run the same number of SQL statements for 2 items as for 20.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthApp } from './context.ts';
import { createModerator, createUser, request, type TestUser } from './factories.ts';
import { newPost } from './post-factories.ts';
import { settle, StatementCounter } from './statement-counter.ts';

const counter = new StatementCounter();
let mod: TestUser;
const subjects: { few?: TestUser; many?: TestUser } = {};

const t = useAuthApp({}, { logger: counter });
beforeAll(async () => {
  mod = await createModerator(t);
  subjects.few = await createUser(t, { roles: ['member'] });
  subjects.many = await createUser(t, { roles: ['member'] });
  for (const [u, n] of [
    [subjects.few, 2],
    [subjects.many, 20],
  ] as const) {
    for (let i = 0; i < n; i += 1) {
      const other = await createModerator(t);
      await request(t, {
        method: 'POST',
        url: `/api/users/${u.id}/notes`,
        cookie: other.cookie,
        payload: { body: `Note ${i}` },
      });
      const sharer = await createUser(t, { roles: ['member'] });
      await request(t, {
        method: 'PUT',
        url: `/api/auth/verify/v-${u.id.slice(0, 8)}-${i}`,
        cookie: u.cookie,
      });
      await request(t, {
        method: 'PUT',
        url: `/api/auth/verify/v-${u.id.slice(0, 8)}-${i}`,
        cookie: sharer.cookie,
      });
    }
  }
});

async function count(url: string): Promise<number> {
  // Pending events first (their dispatch may drop cached payloads), then a warm-up request of the
  // same kind: the viewer comes from the session cache in both counts.
  await settle(t);
  await request(t, { method: 'GET', url, cookie: mod.cookie });
  await settle(t);
  const before = counter.count;
  const res = await request(t, { method: 'GET', url, cookie: mod.cookie });
  expect(res.statusCode, url).toBe(200);
  return counter.count - before;
}

describe('moderation reads run a fixed number of statements', () => {
  it('notes, shared visitor ids, the mod log', async () => {
    const few = subjects.few!;
    const many = subjects.many!;
    expect(await count(`/api/users/${many.id}/notes`)).toBe(
      await count(`/api/users/${few.id}/notes`),
    );
    expect(await count(`/api/users/${many.id}/shared-visitors`)).toBe(
      await count(`/api/users/${few.id}/shared-visitors`),
    );
    expect(await count(`/api/mod-log?subject=${many.id}&limit=20`)).toBe(
      await count(`/api/mod-log?subject=${few.id}&limit=20`),
    );
  });

  it('pending promotion requests', async () => {
    let small = 0;
    for (let i = 0; i < 7; i += 1) {
      if (i === 1) small = await count('/api/promotion-requests');
      const creator = await createUser(t, { roles: ['probation-writer'] });
      const ids = [(await newPost(t, creator)).id, (await newPost(t, creator)).id];
      await request(t, {
        method: 'POST',
        url: '/api/promotion-requests',
        cookie: creator.cookie,
        payload: { postIds: ids },
      });
    }
    expect(await count('/api/promotion-requests')).toBe(small);
  });
});
