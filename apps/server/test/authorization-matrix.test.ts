/**
 * The authorization matrix: every forbidden state (anonymous, unverified, pending, rejected,
 * banned, member) against every route that needs more, with the right 401/403 code, and not a
 * single row written by any refused request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessState } from '@atelier/shared';
import { applications, sections, user, visitorChecks } from '../src/db/schema/index.ts';
import {
  applicationInput,
  createAuthTestApp,
  createModerator,
  createUser,
  request,
  type TestUser,
} from './factories.ts';
import type { TestApp } from './helpers.ts';

type Level = 'signedIn' | 'signedInEvenBanned' | 'verified' | 'member' | 'moderator';
interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  url: string;
  level: Level;
  payload?: object;
}

type StateName = 'anonymous' | 'unverified' | 'pending' | 'rejected' | 'banned' | 'member';

const allowed: Record<Level, AccessState[]> = {
  signedIn: ['unverified', 'noAccess', 'member', 'moderator'],
  signedInEvenBanned: ['unverified', 'noAccess', 'member', 'moderator', 'banned'],
  verified: ['noAccess', 'member', 'moderator'],
  member: ['member', 'moderator'],
  moderator: ['moderator'],
};

const accessStateOf: Record<StateName, AccessState> = {
  anonymous: 'anonymous',
  unverified: 'unverified',
  pending: 'noAccess',
  rejected: 'noAccess',
  banned: 'banned',
  member: 'member',
};

const expected: Record<AccessState, [number, string]> = {
  anonymous: [401, 'errors.unauthorized'],
  unverified: [403, 'errors.emailNotVerified'],
  banned: [403, 'errors.banned'],
  noAccess: [403, 'errors.noAccess'],
  member: [403, 'errors.moderatorOnly'],
  moderator: [200, ''],
};

describe('authorization matrix', () => {
  let t: TestApp;
  let cookies: Record<StateName, string>;
  let routes: Route[];

  beforeAll(async () => {
    t = await createAuthTestApp();
    const mod = await createModerator(t);
    const applicant = await createUser(t);
    const app = (
      await request(t, {
        method: 'POST',
        url: '/api/applications',
        cookie: applicant.cookie,
        payload: applicationInput(),
      })
    ).json<{ id: string }>();
    const target = await createUser(t, { roles: ['member'] });
    const bannedTarget = await createUser(t, { roles: ['member', 'banned'] });
    const users: Record<Exclude<StateName, 'anonymous'>, TestUser> = {
      unverified: await createUser(t, { verified: false }),
      pending: await createUser(t),
      rejected: await createUser(t, { roles: ['rejected'] }),
      banned: await createUser(t, { roles: ['member', 'banned'] }),
      member: await createUser(t, { roles: ['member'] }),
    };
    cookies = {
      anonymous: '',
      unverified: users.unverified.cookie,
      pending: users.pending.cookie,
      rejected: users.rejected.cookie,
      banned: users.banned.cookie,
      member: users.member.cookie,
    };
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
      { method: 'GET', url: '/api/users/banned', level: 'moderator' },
      {
        method: 'POST',
        url: `/api/users/${target.id}/ban`,
        level: 'moderator',
        payload: { reason: 'Spam' },
      },
      { method: 'POST', url: `/api/users/${bannedTarget.id}/unban`, level: 'moderator' },
    ];
  });
  afterAll(() => t.close());

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
    const access = accessStateOf[state];
    let refused = 0;
    for (const route of routes) {
      if (allowed[route.level].includes(access)) continue;
      refused += 1;
      const res = await request(t, {
        method: route.method,
        url: route.url,
        cookie: cookies[state] || undefined,
        ...(route.payload ? { payload: route.payload } : {}),
      });
      const [status, code] = expected[access];
      expect(res.statusCode, `${state} ${route.method} ${route.url}`).toBe(status);
      expect(res.json().error.code, `${state} ${route.method} ${route.url}`).toBe(code);
    }
    expect(refused).toBeGreaterThan(0);
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
        if (!allowed[route.level].includes(accessStateOf[state])) continue;
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
