/** Authorization matrices (authorization-matrix, moderation-matrix): routes each state may not use. */
import { expect } from 'vitest';
import type { AccessState } from '@atelier/shared';
import type { UserSpec } from './context.ts';
import { createUser, request } from './factories.ts';
import type { TestApp } from './helpers.ts';

/** The states the matrices try, each as the access state it is refused as. */
export const accessOf = {
  anonymous: 'anonymous',
  unverified: 'unverified',
  pending: 'noAccess',
  rejected: 'noAccess',
  banned: 'banned',
  member: 'member',
  probation: 'member',
  advanced: 'member',
} as const satisfies Record<string, AccessState>;

export type MatrixState = keyof typeof accessOf;

/** The status and error code of each access state on a route it may not use. */
const refusalOf: Record<Exclude<AccessState, 'moderator'>, [number, string]> = {
  anonymous: [401, 'errors.unauthorized'],
  unverified: [403, 'errors.emailNotVerified'],
  banned: [403, 'errors.banned'],
  noAccess: [403, 'errors.noAccess'],
  member: [403, 'errors.moderatorOnly'],
};

export interface MatrixRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}

/**
 * Sends every route as `state` (its `cookie`, none if empty) and expects each to be refused with
 * the status and error code of the state's access (`refusalOf`).
 */
export async function expectRefusedOn(
  t: TestApp,
  state: MatrixState,
  cookie: string,
  routes: MatrixRoute[],
): Promise<void> {
  const [status, code] = refusalOf[accessOf[state]];
  for (const route of routes) {
    const res = await request(t, {
      method: route.method,
      url: route.url,
      cookie: cookie || undefined,
      ...(route.payload ? { payload: route.payload } : {}),
    });
    expect(res.statusCode, `${state} ${route.method} ${route.url}`).toBe(status);
    expect(res.json().error.code, `${state} ${route.method} ${route.url}`).toBe(code);
  }
}

/**
 * The cookie of each state: a user made (one after the other) from its spec, and none (empty)
 * for `anonymous`.
 */
export async function stateCookies<S extends string>(
  t: TestApp,
  specs: Record<S, UserSpec>,
): Promise<Record<S | 'anonymous', string>> {
  const cookies: Record<string, string> = { anonymous: '' };
  for (const [state, spec] of Object.entries<UserSpec>(specs)) {
    cookies[state] = (await createUser(t, Array.isArray(spec) ? { roles: spec } : spec)).cookie;
  }
  return cookies;
}

/** The moderators' ban routes, on two new members (one of them banned). */
export async function banRoutes(t: TestApp): Promise<(MatrixRoute & { level: 'moderator' })[]> {
  const target = await createUser(t, { roles: ['member'] });
  const bannedTarget = await createUser(t, { roles: ['member', 'banned'] });
  return [
    { method: 'GET', url: '/api/users/banned', level: 'moderator' },
    {
      method: 'POST',
      url: `/api/users/${target.id}/ban`,
      level: 'moderator',
      payload: { reason: 'Spam' },
    },
    { method: 'POST', url: `/api/users/${bannedTarget.id}/unban`, level: 'moderator' },
  ];
}
