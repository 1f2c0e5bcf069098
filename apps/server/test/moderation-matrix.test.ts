/**
 * The authorization matrix of the moderation routes (roles, notes, visitor ids, promotion
 * requests, the mod log, bans): every non-moderator state — anonymous, unverified, pending,
 * rejected, banned, member, probation, advanced — gets 401/403 with the right code, and nothing
 * is written (users, notes, mod log, promotion requests, domain events).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainEvents,
  moderatorNotes,
  modLog,
  promotionRequests,
  user,
} from '../src/db/schema/index.ts';
import {
  createAuthTestApp,
  createModerator,
  createUser,
  request,
  type TestUser,
} from './factories.ts';
import type { TestApp } from './helpers.ts';
import { newPost } from './post-factories.ts';

type StateName =
  | 'anonymous'
  | 'unverified'
  | 'pending'
  | 'rejected'
  | 'banned'
  | 'member'
  | 'probation'
  | 'advanced';
const states: StateName[] = [
  'anonymous',
  'unverified',
  'pending',
  'rejected',
  'banned',
  'member',
  'probation',
  'advanced',
];

const refusal: Record<StateName, [number, string]> = {
  anonymous: [401, 'errors.unauthorized'],
  unverified: [403, 'errors.emailNotVerified'],
  pending: [403, 'errors.noAccess'],
  rejected: [403, 'errors.noAccess'],
  banned: [403, 'errors.banned'],
  member: [403, 'errors.moderatorOnly'],
  probation: [403, 'errors.moderatorOnly'],
  advanced: [403, 'errors.moderatorOnly'],
};
const withAccess: StateName[] = ['member', 'probation', 'advanced'];

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  level: 'member' | 'moderator';
  payload?: object;
}

describe('moderation authorization matrix', () => {
  let t: TestApp;
  let mod: TestUser;
  let cookies: Record<StateName, string>;
  let routes: Route[];

  beforeAll(async () => {
    t = await createAuthTestApp();
    mod = await createModerator(t);
    const target = await createUser(t, { roles: ['member'] });
    const bannedTarget = await createUser(t, { roles: ['member', 'banned'] });
    const creator = await createUser(t, { roles: ['probation-writer'] });
    const post = await newPost(t, creator);
    const promotion = (
      await request(t, {
        method: 'POST',
        url: '/api/promotion-requests',
        cookie: creator.cookie,
        payload: { postIds: [post.id] },
      })
    ).json<{ id: string }>();
    const note = (
      await request(t, {
        method: 'POST',
        url: `/api/users/${target.id}/notes`,
        cookie: mod.cookie,
        payload: { body: 'A note' },
      })
    ).json<{ id: string }>();
    const users: Record<Exclude<StateName, 'anonymous'>, TestUser> = {
      unverified: await createUser(t, { verified: false }),
      pending: await createUser(t),
      rejected: await createUser(t, { roles: ['rejected'] }),
      banned: await createUser(t, { roles: ['probation-writer', 'banned'] }),
      member: await createUser(t, { roles: ['member'] }),
      probation: await createUser(t, { roles: ['probation-faker'] }),
      advanced: await createUser(t, { roles: ['advanced-ai-artist'] }),
    };
    cookies = {
      anonymous: '',
      ...Object.fromEntries(Object.entries(users).map(([k, u]) => [k, u.cookie])),
    } as Record<StateName, string>;
    routes = [
      {
        method: 'PUT',
        url: `/api/users/${target.id}/roles`,
        level: 'moderator',
        payload: { roles: ['moderator'] },
      },
      { method: 'POST', url: `/api/users/${target.id}/displayed-role/reset`, level: 'moderator' },
      { method: 'GET', url: `/api/users/${target.id}/shared-visitors`, level: 'moderator' },
      { method: 'GET', url: `/api/users/${target.id}/notes`, level: 'moderator' },
      {
        method: 'POST',
        url: `/api/users/${target.id}/notes`,
        level: 'moderator',
        payload: { body: 'Sneaky' },
      },
      { method: 'DELETE', url: `/api/notes/${note.id}`, level: 'moderator' },
      { method: 'GET', url: '/api/mod-log', level: 'moderator' },
      { method: 'GET', url: '/api/mod-log?action=userBanned', level: 'moderator' },
      { method: 'GET', url: '/api/promotion-requests', level: 'moderator' },
      {
        method: 'POST',
        url: `/api/promotion-requests/${promotion.id}/approve`,
        level: 'moderator',
        payload: {},
      },
      {
        method: 'POST',
        url: `/api/promotion-requests/${promotion.id}/decline`,
        level: 'moderator',
        payload: { note: 'No' },
      },
      {
        method: 'POST',
        url: `/api/users/${target.id}/ban`,
        level: 'moderator',
        payload: { reason: 'Spam' },
      },
      { method: 'POST', url: `/api/users/${bannedTarget.id}/unban`, level: 'moderator' },
      { method: 'GET', url: '/api/users/banned', level: 'moderator' },
      {
        method: 'POST',
        url: '/api/promotion-requests',
        level: 'member',
        payload: { postIds: [post.id] },
      },
      { method: 'GET', url: '/api/promotion-requests/mine', level: 'member' },
    ];
  });
  afterAll(() => t.close());

  async function snapshot() {
    const db = t.database.db;
    return JSON.stringify({
      users: await db.select().from(user).orderBy(user.id),
      notes: await db.select().from(moderatorNotes).orderBy(moderatorNotes.id),
      log: await db.select().from(modLog).orderBy(modLog.id),
      promotions: await db.select().from(promotionRequests).orderBy(promotionRequests.id),
      events: await db.select().from(domainEvents).orderBy(domainEvents.id),
    });
  }

  it.each(states)(
    'refuses %s on every moderation route above its level and writes nothing',
    async (state) => {
      const before = await snapshot();
      let refused = 0;
      for (const route of routes) {
        if (route.level === 'member' && withAccess.includes(state)) continue;
        refused += 1;
        const res = await request(t, {
          method: route.method,
          url: route.url,
          cookie: cookies[state] || undefined,
          ...(route.payload ? { payload: route.payload } : {}),
        });
        const [status, code] = refusal[state];
        expect(res.statusCode, `${state} ${route.method} ${route.url}`).toBe(status);
        expect(res.json().error.code, `${state} ${route.method} ${route.url}`).toBe(code);
      }
      expect(refused).toBeGreaterThanOrEqual(14);
      expect(await snapshot()).toBe(before);
    },
  );

  it('only probation creators may ask for a promotion (members and advanced get 403 notProbation)', async () => {
    const before = await snapshot();
    for (const state of ['member', 'advanced'] as const) {
      const res = await request(t, {
        method: 'POST',
        url: '/api/promotion-requests',
        cookie: cookies[state],
        payload: { postIds: ['00000000-0000-4000-8000-000000000000'] },
      });
      expect(res.statusCode, state).toBe(403);
      expect(res.json().error.code).toBe('errors.moderation.notProbation');
    }
    expect(await snapshot()).toBe(before);
  });

  it('lets a moderator through every read', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const res = await request(t, { method: 'GET', url: route.url, cookie: mod.cookie });
      expect(res.statusCode, route.url).toBe(200);
    }
  });
});
