/**
 * The authorization matrix: every forbidden state (anonymous, unverified, pending, rejected,
 * banned, member) against every route that needs more, with the right 401/403 code, and not a
 * single row written by any refused request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccessState } from '@atelier/shared';
import { applications, sections, user, visitorChecks } from '../src/db/schema/index.ts';
import { useAuthApp } from './context.ts';
import { applicationInput, createModerator, createUser, request, requestAs } from './factories.ts';
import { accessOf, banRoutes, expectRefusedOn, stateCookies, type MatrixRoute } from './matrix.ts';

type Level = 'signedIn' | 'signedInEvenBanned' | 'verified' | 'member' | 'moderator';
interface Route extends MatrixRoute {
  level: Level;
}

type StateName = 'anonymous' | 'unverified' | 'pending' | 'rejected' | 'banned' | 'member';

const allowed: Record<Level, AccessState[]> = {
  signedIn: ['unverified', 'noAccess', 'member', 'moderator'],
  signedInEvenBanned: ['unverified', 'noAccess', 'member', 'moderator', 'banned'],
  verified: ['noAccess', 'member', 'moderator'],
  member: ['member', 'moderator'],
  moderator: ['moderator'],
};

describe('authorization matrix', () => {
  const t = useAuthApp();
  let cookies: Record<StateName, string>;
  let routes: Route[];

  beforeAll(async () => {
    const mod = await createModerator(t);
    const applicant = await createUser(t);
    const app = (await requestAs(t, applicant, 'POST /api/applications', applicationInput())).json<{
      id: string;
    }>();
    cookies = await stateCookies(t, {
      unverified: { verified: false },
      pending: {},
      rejected: ['rejected'],
      banned: ['member', 'banned'],
      member: ['member'],
    });
    expect(mod.id).toBeTruthy();
    routes = [
      { method: 'GET', url: '/api/me', level: 'signedInEvenBanned' },
      { method: 'PATCH', url: '/api/me', level: 'signedInEvenBanned', payload: { bio: 'changed' } },
      { method: 'PUT', url: '/api/auth/verify/visitor-abc', level: 'signedInEvenBanned' },
      { method: 'DELETE', url: '/api/me/avatar', level: 'signedIn' },
      { method: 'POST', url: '/api/me/avatar', level: 'signedIn', payload: {} },
      { method: 'GET', url: '/api/me/export', level: 'signedInEvenBanned' },
      {
        method: 'POST',
        url: '/api/me/deletion',
        level: 'signedInEvenBanned',
        payload: { password: 'correct horse battery staple', mode: 'keep' },
      },
      { method: 'DELETE', url: '/api/me/deletion', level: 'signedInEvenBanned' },
      { method: 'GET', url: '/api/applications/mine', level: 'verified' },
      { method: 'POST', url: '/api/applications', level: 'verified', payload: applicationInput() },
      { method: 'GET', url: '/api/sections', level: 'member' },
      { method: 'POST', url: '/api/notifications/dismiss-all', level: 'member' },
      { method: 'GET', url: '/api/applications', level: 'moderator' },
      { method: 'GET', url: '/api/applications?state=rejected', level: 'moderator' },
      {
        method: 'POST',
        url: `/api/applications/${app.id}/approve`,
        level: 'moderator',
        payload: { grantedRole: 'member' },
      },
      {
        method: 'POST',
        url: `/api/applications/${app.id}/reject`,
        level: 'moderator',
        payload: { note: 'No.' },
      },
      ...(await banRoutes(t)),
    ];
  });

  async function snapshot() {
    const db = t.database.db;
    return JSON.stringify({
      users: await db.select().from(user).orderBy(user.id),
      applications: await db.select().from(applications).orderBy(applications.id),
      visitors: await db.select().from(visitorChecks).orderBy(visitorChecks.id),
      sections: await db.select().from(sections).orderBy(sections.slug),
    });
  }

  const states: StateName[] = [
    'anonymous',
    'unverified',
    'pending',
    'rejected',
    'banned',
    'member',
  ];

  it.each(states)('refuses %s on every route above its level and writes nothing', async (state) => {
    const before = await snapshot();
    const access = accessOf[state];
    const refused = routes.filter((route) => !allowed[route.level].includes(access));
    await expectRefusedOn(t, state, cookies[state], refused);
    expect(refused.length).toBeGreaterThan(0);
    expect(await snapshot()).toBe(before);
  });

  it('lets each state through the routes of its level', async () => {
    const reads: Route[] = [
      { method: 'GET', url: '/api/me', level: 'signedInEvenBanned' },
      { method: 'GET', url: '/api/me/export', level: 'signedInEvenBanned' },
      { method: 'GET', url: '/api/applications/mine', level: 'verified' },
      { method: 'GET', url: '/api/sections', level: 'member' },
    ];
    for (const state of states) {
      for (const route of reads) {
        if (!allowed[route.level].includes(accessOf[state])) continue;
        const res = await request(t, {
          method: route.method,
          url: route.url,
          cookie: cookies[state],
        });
        expect(res.statusCode, `${state} ${route.url}`).toBe(200);
      }
    }
  });
});
