/**
 * Fuzz test of every /api route (fast-check): random and hostile path params, query strings,
 * bodies and content types, sent by users of every access state. For each answer:
 *   - never a 5xx (a 503 with Retry-After, the overload answer, is allowed);
 *   - every 4xx is `{ error: { code: 'errors.…', message } }`, its code a key of the locale files;
 *   - a refused request writes nothing: every statement of a request is logged; when a refused
 *     request ran a write, the database fingerprint (row count + md5 per table) must be the one
 *     before it, and after each route's run the fingerprint is checked again whatever was logged.
 *
 * Reproducible: a fixed seed unless FUZZ_SEED is set; FUZZ_RUNS (default 4) is the number of
 * requests per route and access state; FUZZ_VERBOSE=1 prints how many answers of each status.
 * The failing request is printed with the seed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shared from '@atelier/shared';
import { repoRoot } from '../src/config.ts';
import {
  applicationInput,
  createAuthTestApp,
  createUser,
  request,
  type TestUser,
} from './factories.ts';
import { changedTables, fingerprint } from './fingerprint.ts';
import type { TestApp } from './helpers.ts';
import { newPost, newTag } from './post-factories.ts';
import { isHousekeeping } from './statement-counter.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

// ---- what the server answers with ----

const localeKeys = (() => {
  const en: unknown = JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'packages/shared/src/locales/en.json'), 'utf8'),
  );
  const keys = new Set<string>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else keys.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ''));
  };
  walk(en, '');
  return keys;
})();

/** Every statement the app runs while a request is handled. */
class StatementLog implements Logger {
  statements: string[] = [];
  logQuery(query: string): void {
    if (!isHousekeeping(query)) this.statements.push(query);
  }
}
const writes = (statements: string[]) =>
  statements.some((s) =>
    /\b(insert\s+into|update\s+\S+(\s+(as\s+)?\w+)?\s+set|delete\s+from|truncate)\b/i.test(s),
  );

// ---- the routes ----

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
}
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every registered /api route, from Fastify's radix tree (printRoutes per method). */
function registeredRoutes(t: TestApp): Route[] {
  const routes: Route[] = [];
  for (const method of methods) {
    const stack: string[] = [];
    for (const line of t.app.printRoutes({ method }).split('\n')) {
      const m = /^([│├└─ ]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!m?.[1] && m?.[1] !== '') continue;
      const depth = m[1].length / 4;
      stack.length = depth;
      stack[depth] = m[2] ?? '';
      const url = stack.join('');
      if (m[3]?.split(', ').includes(method) && url.startsWith('/api'))
        routes.push({ method, url });
    }
  }
  return routes;
}

/** Better Auth's endpoints behind the /api/auth/* bridge. */
function authRoutes(t: TestApp): Route[] {
  const api = t.app.auth.api as unknown as Record<
    string,
    { path?: string; options?: { method?: string | string[] } }
  >;
  const routes: Route[] = [];
  for (const endpoint of Object.values(api)) {
    if (!endpoint.path) continue;
    for (const method of [endpoint.options?.method ?? []].flat()) {
      if ((methods as readonly string[]).includes(method))
        routes.push({ method: method as Route['method'], url: `/api/auth${endpoint.path}` });
    }
  }
  return routes;
}

/** Endpoints that end the caller's session or account: fuzzed last, so earlier routes keep their users. */
const endsSession = (url: string) =>
  /\/(sign-out|revoke-|delete-user|change-password|change-email|update-session)/.test(url);

// ---- hostile inputs ----

/** Percent-encodes anything, lone surrogates as their (invalid) 3-byte UTF-8 form. */
function encode(s: string): string {
  return s
    .split(/([\uD800-\uDFFF])/u)
    .map((part) => (/^[\uD800-\uDFFF]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

const nasty = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '😀',
  '\u202e\u200b',
  'İı',
  'ǅ',
  '../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  '%zz',
  '\\',
  "'; drop table posts; --",
  '%_\\%',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'x'.repeat(101),
  'é'.repeat(3000),
  'y'.repeat(70_000),
];

/** Values a route expects (filled in once the app has its users, posts… ): to get past validation. */
const plausible: unknown[] = [
  'general',
  'fakes',
  'human',
  'writer',
  'member',
  'moderator',
  'post',
  'comment',
  'commentReply',
  'statusUpdate',
  'statusReply',
  'spam',
  'en',
  'ko',
  'https://example.com/x',
  'Some text',
  1,
  10,
  true,
  [],
  {},
];
const plausibleValue = fc.nat().map((i) => plausible[i % plausible.length]);

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nasty) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom('\u0000', '\ud800', '\udc00', '\ud83d'),
        fc.string({ maxLength: 8 }),
      )
      .map(([a, bad, b]) => a + bad + b),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53, 2 ** 31, -(2 ** 31) - 1, 0.5, 1e-320),
);

/** Any hostile value, nested a little. */
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    plausibleValue,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'en', 'ko')),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
}));

/** The keys of every object schema of @atelier/shared, and of Better Auth's bodies. */
const shapes: string[][] = [
  ...Object.values(shared).flatMap((value) =>
    value instanceof z.ZodObject ? [Object.keys(value.shape as object)] : [],
  ),
  ['email', 'password', 'rememberMe', 'callbackURL'],
  ['email', 'redirectTo'],
  ['newPassword', 'token'],
  ['currentPassword', 'newPassword', 'revokeOtherSessions'],
  ['newEmail', 'callbackURL'],
  ['name', 'image', 'username'],
  ['token'],
  ['password'],
];
const bodyKeys = [...new Set(shapes.flat())];
const fieldValue = fc.oneof(
  { weight: 3, arbitrary: plausibleValue },
  { weight: 2, arbitrary: hostileValue },
);
/** An object with a schema's keys (some of them), most values plausible, some hostile. */
const shapedBody = fc
  .constantFrom(...shapes)
  .chain((keys) =>
    fc.record(Object.fromEntries(keys.map((k) => [k, fieldValue])), { requiredKeys: [] }),
  );

function deepNesting(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

const json = (value: unknown): Body => ({
  payload: JSON.stringify(value),
  contentType: 'application/json',
});

const hostileBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 4, arbitrary: shapedBody.map(json) },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(fc.constantFrom(...bodyKeys), hostileValue, { minKeys: 1, maxKeys: 6 })
      .map(json),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
  { weight: 1, arbitrary: hostileValue.map(json) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Body>(
      {},
      ...[
        '',
        '{',
        'null',
        '1e999',
        '"\\u0000"',
        '{"title":"\\ud800"}',
        '{"__proto__":{"isModerator":true},"body":"x"}',
        '{"constructor":{"prototype":{"isModerator":true}}}',
        deepNesting(5000),
        `[${'['.repeat(3000)}${']'.repeat(3000)}]`,
      ].map((payload) => ({ payload, contentType: 'application/json' })),
      {
        payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        contentType: 'application/json',
      },
      { payload: 'title=x&body=y', contentType: 'application/x-www-form-urlencoded' },
      { payload: 'hello', contentType: 'text/plain' },
      { payload: 'hello', contentType: 'application/octet-stream' },
      { payload: '{"a":1}', contentType: 'application/json; charset=latin1' },
      { payload: '{"a":1}', contentType: 'application/xml' },
      { payload: '--x\r\n\r\n', contentType: 'multipart/form-data' },
      {
        payload:
          '--b\r\nContent-Disposition: form-data; name="file"; filename="a\u0000../../x.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--b--\r\n',
        contentType: 'multipart/form-data; boundary=b',
      },
      {
        payload: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
        contentType: 'multipart/form-data; boundary=b',
      },
    ),
  },
);

const queryKeys = [
  'q',
  'cursor',
  'limit',
  'state',
  'tag',
  'tags',
  'section',
  'sort',
  'before',
  'after',
  'type',
  'targetType',
  'token',
  'callbackURL',
  'email',
  'id',
  '__proto__',
];

const hostileQuery = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), hostileString), hostileString), {
      maxLength: 4,
    })
    .map((pairs) =>
      pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '',
    ),
  fc.constantFrom(
    '?q',
    '?q=%',
    '?q=%ED%A0%80',
    '?limit=-1&limit=2',
    '?limit=1e400',
    '?cursor[]=1',
    '?q=%00',
    '?&&=&',
    '?a=1&a=2&a=3',
  ),
);

// ---- the test ----

interface Actors {
  anonymous: string;
  unverified: string;
  pending: string;
  banned: string;
  member: string;
  moderator: string;
}

describe('fuzz: every /api route, every access state', () => {
  let t: TestApp;
  const log = new StatementLog();
  let routes: Route[] = [];
  let actors: Actors;
  let knownIds: string[] = [];

  beforeAll(async () => {
    t = await createAuthTestApp({}, { logger: log });
    const author = await createUser(t, { roles: ['member'] });
    const target = await createUser(t, { roles: ['member'] });
    const applicant = await createUser(t);
    const users: Record<Exclude<keyof Actors, 'anonymous'>, TestUser> = {
      unverified: await createUser(t, { verified: false }),
      pending: await createUser(t),
      banned: await createUser(t, { roles: ['member', 'banned'] }),
      member: await createUser(t, { roles: ['member'] }),
      moderator: await createUser(t, { roles: ['moderator'] }),
    };
    actors = {
      anonymous: '',
      ...Object.fromEntries(Object.entries(users).map(([k, u]) => [k, u.cookie])),
    } as Actors;
    const post = await newPost(t, author);
    const ids: string[] = [target.id, author.id, post.id, await newTag(t, 'fuzzed')];
    const created = async (url: string, payload: object, cookie = author.cookie) => {
      const res = await request(t, { method: 'POST', url, cookie, payload });
      if (res.statusCode !== 201 && res.statusCode !== 200)
        throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json<{ id: string }>().id;
    };
    const comment = await created(`/api/posts/${post.id}/comments`, { body: 'A comment' });
    ids.push(comment, await created(`/api/comments/${comment}/replies`, { body: 'A reply' }));
    const status = await created('/api/status-updates', { content: 'A status' });
    ids.push(
      status,
      await created(`/api/status-updates/${status}/replies`, { content: 'A status reply' }),
    );
    ids.push(await created('/api/applications', applicationInput(), applicant.cookie));
    knownIds = ids;
    plausible.push(...ids);
    routes = [
      ...registeredRoutes(t).filter((r) => !r.url.startsWith('/api/auth/*')),
      ...authRoutes(t),
    ];
    // Session-ending endpoints last; the rest in a fixed order.
    routes.sort(
      (a, b) =>
        Number(endsSession(a.url)) - Number(endsSession(b.url)) ||
        Number(a.url.startsWith('/api/auth/')) - Number(b.url.startsWith('/api/auth/')),
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/posts' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/auth/sign-in/email' });
  });

  it(
    'never answers 5xx, always the error shape, and writes nothing on refusal',
    async () => {
      let ip = 0;
      let baseline = await fingerprint(t);
      const failures: string[] = [];
      const tally = new Map<number, number>();

      const send = async (
        options: InjectOptions & { cookie?: string },
      ): Promise<LightMyRequestResponse> => {
        ip += 1;
        // A different client address each time: per-IP limits must not hide the routes behind 429.
        return request(t, {
          ...options,
          remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
        });
      };

      for (const [index, route] of routes.entries()) {
        const params = route.url.match(/:\w+/g) ?? [];
        const pathParam = fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...knownIds).map(encodeURIComponent) },
          {
            weight: 1,
            // Kinds of things and section slugs, given where an id goes.
            arbitrary: fc.constantFrom(...shared.reportTargetTypes, 'general', 'fakes'),
          },
          { weight: 3, arbitrary: hostileString.map(encode) },
          {
            weight: 1,
            arbitrary: fc.constantFrom('..', '.', '%2e%2e%2f', 'a/b', '%ZZ', '%ED%A0%80', '%C0%AF'),
          },
        );
        const input = fc.record({
          actor: fc.constantFrom(...(Object.keys(actors) as (keyof Actors)[])),
          values: fc.tuple(...params.map(() => pathParam)),
          query: hostileQuery,
          body:
            route.method === 'GET' || route.method === 'DELETE'
              ? fc.oneof(fc.constant<Body>({}), hostileBody)
              : hostileBody,
        });
        const batch: string[] = [];
        const outcome = await fc.check(
          fc.asyncProperty(input, async ({ actor, values, query, body }) => {
            let url = route.url;
            params.forEach((p, i) => (url = url.replace(p, values[i] || '')));
            url += query;
            const what = `${route.method} ${route.url} as ${actor}: ${url.slice(0, 300)} ${body.contentType ?? ''} ${String(body.payload ?? '').slice(0, 300)}`;
            log.statements = [];
            let res: LightMyRequestResponse;
            try {
              res = await send({
                method: route.method,
                url,
                cookie: actors[actor] || undefined,
                ...(body.payload !== undefined ? { payload: body.payload } : {}),
                ...(body.contentType ? { headers: { 'content-type': body.contentType } } : {}),
              });
            } catch (err) {
              // light-my-request refuses some URLs itself (not our server's answer).
              if (err instanceof TypeError || (err as Error).message.includes('Invalid URL'))
                return;
              throw err;
            }
            const status = res.statusCode;
            tally.set(status, (tally.get(status) ?? 0) + 1);
            expect(
              status < 500 || (status === 503 && res.headers['retry-after'] !== undefined),
              `${status} ${res.body.slice(0, 300)} ← ${what}`,
            ).toBe(true);
            if (status >= 400) {
              let parsed: unknown;
              try {
                parsed = res.json();
              } catch {
                parsed = res.body;
              }
              expect(parsed, `${status} error body ← ${what}`).toMatchObject({
                error: { code: expect.stringMatching(/^errors\./), message: expect.any(String) },
              });
              const code = (parsed as { error: { code: string } }).error.code;
              expect(
                localeKeys.has(code),
                `${code} is not a key of the locale files ← ${what}`,
              ).toBe(true);
              batch.push(what);
            }
            if (writes(log.statements)) {
              await t.app.live.kick();
              const now = await fingerprint(t);
              if (status >= 400) {
                expect(
                  changedTables(baseline, now),
                  `refused (${status}) but written ← ${what}`,
                ).toEqual([]);
              }
              baseline = now;
            }
          }),
          { seed: SEED + index, numRuns: RUNS * Object.keys(actors).length, endOnFailure: true },
        );
        if (outcome.failed) {
          const reason =
            outcome.errorInstance instanceof Error
              ? outcome.errorInstance.message
              : String(outcome.errorInstance);
          failures.push(
            `${route.method} ${route.url} (FUZZ_SEED=${SEED}): ${reason.split('\n')[0]?.slice(0, 1200)}`,
          );
        }
        // Whatever the statement log saw: the database is as the last write left it.
        await t.app.live.kick();
        const now = await fingerprint(t);
        const changed = changedTables(baseline, now);
        if (changed.length > 0)
          failures.push(
            `${route.method} ${route.url}: tables ${changed.join(', ')} changed by one of:\n  ${batch.join('\n  ')}`,
          );
        baseline = now;
      }
      if (process.env.FUZZ_VERBOSE)
        console.log('answers by status', Object.fromEntries(tally), `${routes.length} routes`);
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
    Math.max(240_000, RUNS * 60_000),
  );
});
