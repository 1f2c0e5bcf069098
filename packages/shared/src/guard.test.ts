/**
 * The seed's navigation guard, rule by rule, in its order, and every route of the seed's table
 * under each access state. The expectations are written out from the seed, not derived from the
 * guard's own lists.
 */
import { describe, expect, it } from 'vitest';
import {
  accessState,
  guard,
  type GuardProfile,
  type GuardResult,
  type GuardUser,
} from './guard.ts';

/** One concrete path for each route of the seed's table. */
const routes = [
  '/',
  '/account',
  '/application',
  '/applications',
  '/auth',
  '/banned',
  '/login',
  '/not-found',
  '/posts/p1',
  '/register',
  '/reports',
  '/reset-password',
  '/sections/fakes',
  '/status-updates',
  '/tags',
  '/users/u1',
] as const;
type Route = (typeof routes)[number];

const allow: GuardResult = { kind: 'allow' };
const to = (path: string): GuardResult => ({ kind: 'redirect', to: path });

const verified: GuardUser = { emailVerified: true };
const unverified: GuardUser = { emailVerified: false };
const profile = (p: Partial<GuardProfile>): GuardProfile => ({
  isBanned: false,
  hasAccess: true,
  isModerator: false,
  ...p,
});
const member = profile({});
const moderator = profile({ isModerator: true });
const banned = profile({ isBanned: true, hasAccess: false });
const pending = profile({ hasAccess: false });

/** Expected result per route, from the seed's guard section. */
function expected(
  state: 'anonymous' | 'unverified' | 'banned' | 'noAccess' | 'member' | 'moderator',
  route: Route,
): GuardResult {
  switch (state) {
    case 'anonymous':
      return ['/login', '/register', '/reset-password', '/auth'].includes(route)
        ? allow
        : to('/login');
    case 'unverified':
      return ['/register', '/account', '/reset-password', '/auth'].includes(route)
        ? allow
        : to('/register');
    case 'banned':
      return ['/banned', '/account'].includes(route) ? allow : to('/banned');
    case 'noAccess':
      return ['/application', '/account', '/reset-password', '/auth'].includes(route)
        ? allow
        : to('/application');
    case 'member':
      if (['/application', '/banned', '/reset-password', '/login', '/register'].includes(route))
        return to('/');
      return ['/applications', '/reports', '/tags'].includes(route) ? to('/') : allow;
    case 'moderator':
      return ['/application', '/banned', '/reset-password', '/login', '/register'].includes(route)
        ? to('/')
        : allow;
  }
}

describe('guard: every route of the seed under each state', () => {
  const states = [
    { state: 'anonymous', user: null, profile: undefined },
    { state: 'unverified', user: unverified, profile: undefined },
    { state: 'banned', user: verified, profile: banned },
    { state: 'noAccess', user: verified, profile: pending },
    { state: 'member', user: verified, profile: member },
    { state: 'moderator', user: verified, profile: moderator },
  ] as const;
  for (const { state, user, profile: p } of states) {
    it.each(routes)(`${state}: %s`, (route) => {
      expect(guard({ path: route, user, profile: p })).toEqual(expected(state, route));
    });
  }
});

describe('guard: each rule', () => {
  it('1. signed out: only /login, /register, /reset-password and /auth; anything else goes to /login', () => {
    for (const path of ['/login', '/register', '/reset-password', '/auth'])
      expect(guard({ path, user: null, profile: undefined })).toEqual(allow);
    for (const path of ['/', '/account', '/banned', '/application', '/unknown'])
      expect(guard({ path, user: null, profile: undefined })).toEqual(to('/login'));
  });

  it('2. e-mail not verified: only /register, /account, /reset-password and /auth; anything else goes to /register', () => {
    for (const path of ['/register', '/account', '/reset-password', '/auth'])
      expect(guard({ path, user: unverified, profile: member })).toEqual(allow);
    for (const path of ['/', '/login', '/application', '/banned'])
      expect(guard({ path, user: unverified, profile: member })).toEqual(to('/register'));
  });

  it('3. verified: waits for the user record on every route', () => {
    for (const path of routes)
      expect(guard({ path, user: verified, profile: undefined })).toEqual({ kind: 'wait' });
  });

  it('3a. banned: goes to /banned; only /banned and /account stay reachable', () => {
    expect(guard({ path: '/', user: verified, profile: banned })).toEqual(to('/banned'));
    expect(guard({ path: '/banned', user: verified, profile: banned })).toEqual(allow);
    expect(guard({ path: '/account', user: verified, profile: banned })).toEqual(allow);
    expect(guard({ path: '/reset-password', user: verified, profile: banned })).toEqual(
      to('/banned'),
    );
    expect(guard({ path: '/auth', user: verified, profile: banned })).toEqual(to('/banned'));
  });

  it('3b. not banned, without access: goes to /application; /application, /account, /reset-password, /auth stay reachable', () => {
    for (const path of ['/application', '/account', '/reset-password', '/auth'])
      expect(guard({ path, user: verified, profile: pending })).toEqual(allow);
    for (const path of ['/', '/banned', '/login', '/register', '/applications'])
      expect(guard({ path, user: verified, profile: pending })).toEqual(to('/application'));
  });

  it('3c. with access: /application, /banned, /reset-password, /login and /register redirect to /', () => {
    for (const path of ['/application', '/banned', '/reset-password', '/login', '/register']) {
      expect(guard({ path, user: verified, profile: member })).toEqual(to('/'));
      expect(guard({ path, user: verified, profile: moderator })).toEqual(to('/'));
    }
  });

  it('3d. /applications, /reports and /tags redirect to / unless the user is a moderator', () => {
    for (const path of ['/applications', '/reports', '/tags']) {
      expect(guard({ path, user: verified, profile: member })).toEqual(to('/'));
      expect(guard({ path, user: verified, profile: moderator })).toEqual(allow);
    }
  });

  it('/mod-log (beyond the seed) behaves like /reports and /tags', () => {
    const path = '/mod-log';
    expect(guard({ path, user: null, profile: undefined })).toEqual(to('/login'));
    expect(guard({ path, user: unverified, profile: undefined })).toEqual(to('/register'));
    expect(guard({ path, user: verified, profile: undefined })).toEqual({ kind: 'wait' });
    expect(guard({ path, user: verified, profile: banned })).toEqual(to('/banned'));
    expect(guard({ path, user: verified, profile: pending })).toEqual(to('/application'));
    expect(guard({ path, user: verified, profile: member })).toEqual(to('/'));
    expect(guard({ path, user: verified, profile: moderator })).toEqual(allow);
    expect(
      guard({
        path,
        user: verified,
        profile: profile({ isModerator: true, isBanned: true, hasAccess: false }),
      }),
    ).toEqual(to('/banned'));
  });
});

describe('guard: the order of the rules', () => {
  it('signed out beats everything, whatever profile is around', () => {
    expect(guard({ path: '/banned', user: null, profile: banned })).toEqual(to('/login'));
    expect(guard({ path: '/applications', user: null, profile: moderator })).toEqual(to('/login'));
  });

  it('unverified beats banned, no access and waiting for the record', () => {
    expect(guard({ path: '/banned', user: unverified, profile: banned })).toEqual(to('/register'));
    expect(guard({ path: '/application', user: unverified, profile: pending })).toEqual(
      to('/register'),
    );
    expect(guard({ path: '/', user: unverified, profile: undefined })).toEqual(to('/register'));
    expect(guard({ path: '/register', user: unverified, profile: banned })).toEqual(allow);
  });

  it('waiting for the record comes before any profile rule', () => {
    expect(guard({ path: '/banned', user: verified, profile: undefined })).toEqual({
      kind: 'wait',
    });
    expect(guard({ path: '/login', user: verified, profile: undefined })).toEqual({ kind: 'wait' });
  });

  it('banned beats no access', () => {
    expect(guard({ path: '/application', user: verified, profile: banned })).toEqual(to('/banned'));
  });

  it('banned beats moderator, and access flags', () => {
    const bannedModerator = profile({ isBanned: true, isModerator: true, hasAccess: true });
    expect(guard({ path: '/applications', user: verified, profile: bannedModerator })).toEqual(
      to('/banned'),
    );
    expect(guard({ path: '/', user: verified, profile: bannedModerator })).toEqual(to('/banned'));
    expect(guard({ path: '/banned', user: verified, profile: bannedModerator })).toEqual(allow);
  });

  it('no access beats moderator', () => {
    const pendingModerator = profile({ hasAccess: false, isModerator: true });
    expect(guard({ path: '/applications', user: verified, profile: pendingModerator })).toEqual(
      to('/application'),
    );
  });

  it('the with-access redirects apply to moderators before the moderator pages rule', () => {
    expect(guard({ path: '/login', user: verified, profile: moderator })).toEqual(to('/'));
  });
});

describe('accessState (what the server applies to /api)', () => {
  it('names the state in the guard order', () => {
    expect(accessState(null, banned)).toBe('anonymous');
    expect(accessState(unverified, moderator)).toBe('unverified');
    expect(accessState(verified, undefined)).toBe('unverified');
    expect(accessState(verified, profile({ isBanned: true, isModerator: true }))).toBe('banned');
    expect(accessState(verified, pending)).toBe('noAccess');
    expect(accessState(verified, profile({ hasAccess: false, isModerator: true }))).toBe(
      'noAccess',
    );
    expect(accessState(verified, member)).toBe('member');
    expect(accessState(verified, moderator)).toBe('moderator');
  });
});
