/**
 * Text the database cannot store is a 400 on every route, refused before anything is written:
 * a NUL character in a path param, a query parameter, a JSON body field (ours and Better Auth's),
 * a lone UTF-16 surrogate, bytes that are not UTF-8; and a database error caused by bad input
 * (an invalid uuid, text with NUL) answers 400, not 500.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { badInputCode } from '../src/lib/db-errors.ts';
import { useAuthApp } from './context.ts';
import { createMember, createModerator, request, type TestUser, send } from './factories.ts';
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

/** Sends the request and expects 400 errors.invalidCharacters on `field`, with nothing written. */
async function expectRefused(options: Parameters<typeof request>[1], field: string) {
  // Events of earlier writes are dispatched first (the dispatcher updates their rows).
  await t.app.live.kick();
  const before = await fingerprint(t);
  const res = await request(t, options);
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

describe('NUL bytes and invalid Unicode', () => {
  it('refuses a NUL byte in an id', async () => {
    await expectRefused(
      { method: 'GET', url: '/api/users/abc%00def', cookie: member.cookie },
      'id',
    );
    await expectRefused(
      { method: 'GET', url: '/api/sections/general%00/posts', cookie: member.cookie },
      'slug',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/users/x%00/ban',
        cookie: mod.cookie,
        payload: { reason: 'Spam' },
      },
      'id',
    );
  });

  it('refuses a NUL byte in a query parameter', async () => {
    await expectRefused({ method: 'GET', url: '/api/search?q=abc%00', cookie: member.cookie }, 'q');
    await expectRefused(
      { method: 'GET', url: `/api/posts/${postId}/comments?cursor=%00`, cookie: member.cookie },
      'cursor',
    );
  });

  it('refuses a NUL byte in a JSON body text field', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/posts',
        cookie: member.cookie,
        payload: postInput({ title: 'A\u0000title' }),
      },
      'title',
    );
    await expectRefused(
      {
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        cookie: member.cookie,
        payload: { body: 'hi\u0000' },
      },
      'body',
    );
    await expectRefused(
      {
        method: 'PATCH',
        url: '/api/me',
        cookie: member.cookie,
        payload: { links: ['https://a.example', 'https://b\u0000.example'] },
      },
      'links.1',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/tags',
        cookie: mod.cookie,
        payload: { labels: { en: 'tag\u0000' } },
      },
      'labels.en',
    );
  });

  it('refuses a lone surrogate in a body field (it would be stored as U+FFFD)', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/posts',
        cookie: member.cookie,
        payload: postInput({ body: 'half an emoji \ud83d' }),
      },
      'body',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/status-updates',
        cookie: member.cookie,
        payload: { content: '\udc00 low' },
      },
      'content',
    );
    // A valid pair (an emoji) is fine.
    const ok = await send(
      t,
      member,
      'POST /api/posts',
      postInput({ title: 'Emoji \ud83d\ude00' }),
      201,
    );
    expect(ok.json<{ title: string }>().title).toBe('Emoji 😀');
  });

  it('refuses a body or a URL that is not UTF-8', async () => {
    const bytes = Buffer.concat([
      Buffer.from(JSON.stringify(postInput()).slice(0, -1) + ',"tools":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    await expectRefused(
      {
        method: 'POST',
        url: '/api/posts',
        cookie: member.cookie,
        payload: bytes,
        headers: { 'content-type': 'application/json' },
      },
      '_',
    );
    await expectRefused(
      { method: 'GET', url: '/api/search?q=%ED%A0%80', cookie: member.cookie },
      'q',
    );
  });

  it('refuses a NUL byte in Better Auth bodies and in registration', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `${member.email}\u0000`, password: member.password },
      },
      'email',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'a\u0000@example.com' },
      },
      'email',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/register',
        payload: {
          username: 'nul\u0000user',
          email: 'nul@example.com',
          password: 'a long enough pass phrase',
        },
      },
      'username',
    );
  });

  it('refuses a NUL byte in a form body sent to Better Auth', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: `email=${encodeURIComponent(member.email)}%00&password=x`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      'email',
    );
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
