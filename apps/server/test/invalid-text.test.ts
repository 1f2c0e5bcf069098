/**
 * Text the database cannot store is a 400 on every route, refused before anything is written:
 * a NUL character in a path param, a query parameter, a JSON body field (ours and Better Auth's),
 * a lone UTF-16 surrogate, bytes that are not UTF-8; and a database error caused by bad input
 * (an invalid uuid, text with NUL) answers 400, not 500.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { findInvalidText } from '../src/plugins/input-text.ts';
import { badInputCode } from '../src/lib/db-errors.ts';
import { useAuthApp } from './context.ts';
import {
  createMember,
  createModerator,
  request,
  requestAs,
  send,
  type Route,
  type TestUser,
} from './factories.ts';
import { changedTables, fingerprint } from './fingerprint.ts';
import { newPost, postInput } from './post-factories.ts';

let member: TestUser;
let mod: TestUser;
let postId: string;

const t = useAuthApp({}, { skipReady: true });
beforeAll(async () => {
  // A route that sends the raw parameter to the database (as a careless route would).
  t.app.get('/api/test-only/uuid/:value', async (req) => {
    const { value } = req.params as { value: string };
    await t.database.db.execute(sql`select ${value}::uuid`);
    return { ok: true };
  });
  await t.app.ready();
  member = await createMember(t);
  mod = await createModerator(t);
  postId = (await newPost(t, member)).id;
});

/** A request refused: `[as, route, field, payload?, content type?]` (signed out with `null`). */
type Refusal = [
  as: TestUser | null,
  route: Route,
  field: string,
  payload?: InjectOptions['payload'],
  contentType?: string,
];

/** Sends the request and expects 400 errors.invalidCharacters on `field`, with nothing written. */
async function expectRefused([as, route, field, payload, contentType]: Refusal) {
  // Events of earlier writes are dispatched first (the dispatcher updates their rows).
  await t.app.live.kick();
  const before = await fingerprint(t);
  const headers = contentType ? { 'content-type': contentType } : undefined;
  const res = await requestAs(t, as, route, payload, headers);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    error: {
      code: 'errors.invalidCharacters',
      message: expect.any(String),
      fields: { [field]: 'errors.invalidCharacters' },
      requestId: expect.any(String),
    },
  });
  expect(changedTables(before, await fingerprint(t))).toEqual([]);
}

/** Each test's refused requests (made when it runs: the users and the post exist by then). */
const refusals: Record<string, () => Refusal[]> = {
  'refuses a NUL byte in an id': () => [
    [member, 'GET /api/users/abc%00def', 'id'],
    [member, 'GET /api/sections/general%00/posts', 'slug'],
    [mod, 'POST /api/users/x%00/ban', 'id', { reason: 'Spam' }],
  ],
  'refuses a NUL byte in a query parameter': () => [
    [member, 'GET /api/search?q=abc%00', 'q'],
    [member, `GET /api/posts/${postId}/comments?cursor=%00`, 'cursor'],
  ],
  'refuses a NUL byte in a JSON body text field': () => [
    [member, 'POST /api/posts', 'title', postInput({ title: 'A\u0000title' })],
    [member, `POST /api/posts/${postId}/comments`, 'body', { body: 'hi\u0000' }],
    [
      member,
      'PATCH /api/me',
      'links.1',
      { links: ['https://a.example', 'https://b\u0000.example'] },
    ],
    [mod, 'POST /api/tags', 'labels.en', { labels: { en: 'tag\u0000' } }],
  ],
  'refuses a lone surrogate in a body field (it would be stored as U+FFFD)': () => [
    [member, 'POST /api/posts', 'body', postInput({ body: 'half an emoji \ud83d' })],
    [member, 'POST /api/status-updates', 'content', { content: '\udc00 low' }],
  ],
  'refuses a body or a URL that is not UTF-8': () => [
    [
      member,
      'POST /api/posts',
      '_',
      Buffer.concat([
        Buffer.from(JSON.stringify(postInput()).slice(0, -1) + ',"tools":"'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('"}'),
      ]),
      'application/json',
    ],
    [member, 'GET /api/search?q=%ED%A0%80', 'q'],
  ],
  'refuses a NUL byte in Better Auth bodies and in registration': () => [
    [
      null,
      'POST /api/auth/sign-in/email',
      'email',
      { email: `${member.email}\u0000`, password: member.password },
    ],
    [null, 'POST /api/auth/request-password-reset', 'email', { email: 'a\u0000@example.com' }],
    [
      null,
      'POST /api/register',
      'username',
      {
        username: 'nul\u0000user',
        email: 'nul@example.com',
        password: 'a long enough pass phrase',
      },
    ],
  ],
  'refuses a NUL byte in a form body sent to Better Auth': () => [
    [
      null,
      'POST /api/auth/sign-in/email',
      'email',
      `email=${encodeURIComponent(member.email)}%00&password=x`,
      'application/x-www-form-urlencoded',
    ],
  ],
};

describe('NUL bytes and invalid Unicode', () => {
  for (const [name, requests] of Object.entries(refusals))
    it(name, async () => {
      for (const refusal of requests()) await expectRefused(refusal);
    });

  it('accepts a valid surrogate pair (an emoji)', async () => {
    const ok = await send(
      t,
      member,
      'POST /api/posts',
      postInput({ title: 'Emoji \ud83d\ude00' }),
      201,
    );
    expect(ok.json<{ title: string }>().title).toBe('Emoji 😀');
  });

  it('answers 400, not 500, when bad input reaches the database', async () => {
    const res = await request(t, { method: 'GET', url: '/api/test-only/uuid/not-a-uuid' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'errors.invalid', message: expect.any(String), requestId: expect.any(String) },
    });
    const nul = await t.database.db.execute(sql`select ${'a\u0000b'}::text`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(badInputCode(nul)).toBe('errors.invalidCharacters');
  });
});

describe('findInvalidText', () => {
  it('names the first string or key holding invalid text, and nothing in clean or empty values', () => {
    expect(findInvalidText('a\u0000b')).toBe('_');
    expect(findInvalidText('an emoji \ud83d\ude00')).toBeUndefined();
    expect(findInvalidText({})).toBeUndefined();
    expect(findInvalidText(Object.create(null))).toBeUndefined();
    expect(findInvalidText(undefined)).toBeUndefined();
    expect(findInvalidText({ q: 'fine', tags: ['ok', 'bad\udc00'] })).toBe('tags.1');
    expect(findInvalidText({ ['key\u0000']: 'x' })).toBe('key\u0000');
    expect(findInvalidText({ a: { b: { c: '\ud800' } } })).toBe('a.b.c');
  });
});
