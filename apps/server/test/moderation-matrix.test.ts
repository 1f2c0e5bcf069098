/**
 * The authorization matrix of the moderation routes (roles, notes, visitor ids, promotion
 * requests, the mod log, bans): every non-moderator state — anonymous, unverified, pending,
 * rejected, banned, member, probation, advanced — gets 401/403 with the right code, and nothing
 * is written (users, notes, mod log, promotion requests, domain events).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  domainEvents,
  moderatorNotes,
  modLog,
  promotionRequests,
  user,
} from '../src/db/schema/index.ts';
import { useAuthApp, useUsers } from './context.ts';
import { createUser, request, requestAs } from './factories.ts';
import { banRoutes, expectRefusedOn, stateCookies, type MatrixRoute } from './matrix.ts';
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

const withAccess: StateName[] = ['member', 'probation', 'advanced'];

interface Route extends MatrixRoute {
  level: 'member' | 'moderator';
}

describe('moderation authorization matrix', () => {
  const t = useAuthApp();
  const { mod } = useUsers(t, { mod: ['moderator'] });
  let cookies: Record<StateName, string>;
  let routes: Route[];

  beforeAll(async () => {
    const target = await createUser(t, { roles: ['member'] });
    const creator = await createUser(t, { roles: ['probation-writer'] });
    const post = await newPost(t, creator);
    const promotion = (
      await requestAs(t, creator, 'POST /api/promotion-requests', { postIds: [post.id] })
    ).json<{ id: string }>();
    const note = (
      await requestAs(t, mod, `POST /api/users/${target.id}/notes`, { body: 'A note' })
    ).json<{ id: string }>();
    cookies = await stateCookies(t, {
      unverified: { verified: false },
      pending: {},
      rejected: ['rejected'],
      banned: ['probation-writer', 'banned'],
      member: ['member'],
      probation: ['probation-faker'],
      advanced: ['advanced-ai-artist'],
    });
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
      ...(await banRoutes(t)),
      {
        method: 'POST',
        url: '/api/promotion-requests',
        level: 'member',
        payload: { postIds: [post.id] },
      },
      { method: 'GET', url: '/api/promotion-requests/mine', level: 'member' },
    ];
  });

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
      const refused = routes.filter(
        (route) => !(route.level === 'member' && withAccess.includes(state)),
      );
      await expectRefusedOn(t, state, cookies[state], refused);
      expect(refused.length).toBeGreaterThanOrEqual(14);
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
