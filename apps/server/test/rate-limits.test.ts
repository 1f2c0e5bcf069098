/**
 * The one rate-limit mechanism (lib/rate-limit.ts) with its default figures: sign-in per IP and
 * per account, reset and verification mails per address, per-user write limits, 429 with
 * Retry-After and nothing written; with TEST_REDIS_URL, two apps sharing one Redis share counts.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '@atelier/shared';
import { loadConfig } from '../src/config.ts';
import { statusUpdates } from '../src/db/schema/index.ts';
import { createRateLimiter, memoryStore, RateLimitedError } from '../src/lib/rate-limit.ts';
import { createMember, createUser, mailsTo, registerUser, request, send } from './factories.ts';
import { useTestApp } from './context.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const silentLog = { warn: () => undefined } as never;

/** A documentation address (192.0.2.0/24, 198.51.100.0/24) per n, distinct for n < 512. */
const address = (n: number) => (n < 256 ? `192.0.2.${n}` : `198.51.100.${n - 256}`);

function expectRateLimited(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter > 0).toBe(true);
  expect(res.json()).toEqual({
    error: {
      code: 'errors.rateLimited',
      message: expect.any(String),
      retryAfter,
      requestId: expect.any(String),
    },
  });
}

describe('rate limits (default figures)', () => {
  const t = useTestApp({ TRUST_PROXY: true });

  const signIn = (email: string, password: string, ip: string) =>
    request(t, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': ip },
      payload: { email, password },
    });

  it('limits sign-in per account: 26 attempts from 26 addresses, the 26th is 429', async () => {
    const u = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      // A different case each time: the address is normalised before it is counted.
      const email = i % 2 ? u.email.toUpperCase() : u.email;
      statuses.push((await signIn(email, `wrong password ${i}`, address(i))).statusCode);
    }
    expect(statuses.slice(0, rateLimits.signInEmail[0].max)).toEqual(
      Array(rateLimits.signInEmail[0].max).fill(401),
    );
    expect(statuses[25]).toBe(429);
    // Even the right password waits now, from yet another address.
    const right = await signIn(u.email, u.password, address(100));
    expectRateLimited(right);
    // Another account is not affected.
    const other = await createUser(t);
    expect((await signIn(other.email, other.password, address(101))).statusCode).toBe(200);
  });

  it('limits sign-in per IP at 25 in 5 minutes, whatever the account', async () => {
    const ip = address(300);
    for (let i = 0; i < 25; i++)
      expect((await signIn(`nobody${i}@example.com`, 'wrong password', ip)).statusCode).toBe(401);
    expectRateLimited(await signIn('nobody-else@example.com', 'wrong password', ip));
  });

  /** A request for a mail to `email` (a reset or a verification link), from `ip`. */
  const mailRequest = (url: string, email: string, ip: string) =>
    request(t, { method: 'POST', url, headers: { 'x-forwarded-for': ip }, payload: { email } });

  it('sends at most 5 reset mails to one address in 30 minutes, whatever the IP', async () => {
    const u = await createUser(t);
    const reset = (i: number) =>
      mailRequest('/api/auth/request-password-reset', u.email, address(200 + i));
    for (let i = 0; i < 5; i++) expect((await reset(i)).statusCode).toBe(200);
    expectRateLimited(await reset(5));
    expect(mailsTo(t, u.email).filter((m) => m.text.includes('resetPassword'))).toHaveLength(5);
  });

  it('sends at most 5 verification mails to one address in 30 minutes', async () => {
    const u = await registerUser(t);
    const resend = (i: number) =>
      mailRequest('/api/auth/send-verification-email', u.email, address(220 + i));
    for (let i = 0; i < 5; i++) expect((await resend(i)).statusCode).toBe(200);
    expectRateLimited(await resend(5));
    // The mail of the sign-up and five resends.
    expect(mailsTo(t, u.email)).toHaveLength(6);
  });

  it('limits status updates per user: the 13th in a minute is 429 and writes nothing', async () => {
    const [alice, bob] = [await createMember(t), await createMember(t)];
    const post = (who: typeof alice, i: number) =>
      request(t, {
        method: 'POST',
        url: '/api/status-updates',
        cookie: who.cookie,
        payload: { content: `Update ${i}` },
      });
    const max = rateLimits.status[0].max;
    for (let i = 0; i < max; i++) expect((await post(alice, i)).statusCode).toBe(201);
    expectRateLimited(await post(alice, max));
    const rows = await t.database.db
      .select()
      .from(statusUpdates)
      .where(eq(statusUpdates.authorId, alice.id));
    expect(rows).toHaveLength(max);
    expect(rows.some((r) => r.content === `Update ${max}`)).toBe(false);
    // Another user is not affected.
    expect((await post(bob, 0)).statusCode).toBe(201);
  });

  it('limits like toggles per user', async () => {
    const [author, fan] = [await createMember(t), await createMember(t)];
    const created = await request(t, {
      method: 'POST',
      url: '/api/status-updates',
      cookie: author.cookie,
      payload: { content: 'Like me' },
    });
    const url = `/api/status-updates/${created.json<{ id: string }>().id}/like`;
    const max = rateLimits.like[0].max;
    for (let i = 0; i < max; i++) {
      const res = await request(t, { method: i % 2 ? 'DELETE' : 'PUT', url, cookie: fan.cookie });
      expect(res.statusCode).toBe(200);
    }
    expectRateLimited(await request(t, { method: 'PUT', url, cookie: fan.cookie }));
  });
});

describe('rate-limit configuration', () => {
  it('RATE_LIMIT_SCALE=0 turns every limit off', async () => {
    const t = await createTestApp({ RATE_LIMIT_SCALE: 0 });
    try {
      const u = await createMember(t);
      for (let i = 0; i < rateLimits.status[0].max + 3; i++) {
        await send(t, u, 'POST /api/status-updates', { content: `n${i}` }, 201);
      }
    } finally {
      await t.close();
    }
  });

  it('parses RATE_LIMITS and refuses unknown classes or malformed rules', () => {
    const config = loadConfig({
      RATE_LIMITS: 'post=2/60+10/86400, like=100/60',
      RATE_LIMIT_SCALE: '2',
    });
    expect(config.RATE_LIMITS).toEqual({
      post: [
        { max: 2, windowSeconds: 60 },
        { max: 10, windowSeconds: 86400 },
      ],
      like: [{ max: 100, windowSeconds: 60 }],
    });
    expect(createRateLimiter(config, memoryStore(), silentLog).rules.post).toEqual([
      { max: 4, windowSeconds: 60 },
      { max: 20, windowSeconds: 86400 },
    ]);
    expect(() => loadConfig({ RATE_LIMITS: 'posts=2/60' })).toThrow(/RATE_LIMITS/);
    expect(() => loadConfig({ RATE_LIMITS: 'post=2' })).toThrow(/RATE_LIMITS/);
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '-1' })).toThrow(/RATE_LIMIT_SCALE/);
  });

  it('counts in fixed windows per key and tells how long to wait', async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(
      { RATE_LIMIT_SCALE: 1, RATE_LIMITS: { upload: [{ max: 3, windowSeconds: 10 }] } },
      memoryStore(() => now),
      silentLog,
    );
    for (let i = 0; i < 3; i++) await limiter.check('upload', 'user:a');
    now += 4_000;
    const refused = await limiter.check('upload', 'user:a').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfter).toBe(6);
    await limiter.check('upload', 'user:b');
    now += 6_000;
    await limiter.check('upload', 'user:a');
  });
});

const redisUrl = /^rediss?:\/\//.test(process.env.TEST_REDIS_URL ?? '')
  ? process.env.TEST_REDIS_URL
  : undefined;

describe.skipIf(!redisUrl)('rate limits across nodes (TEST_REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestApp({ TRUST_PROXY: true, REDIS_URL: redisUrl }),
      createTestApp({ TRUST_PROXY: true, REDIS_URL: redisUrl }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('two apps on one Redis share the count: 13 + 13 sign-ins on one address, the 26th is 429', async () => {
    // A fresh address each run: the Redis may be shared with earlier runs.
    const email = `shared-${crypto.randomUUID()}@example.com`;
    const signIn = (t: TestApp, i: number) =>
      request(t, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email, password: 'wrong password' },
      });
    for (let i = 0; i < 13; i++) expect((await signIn(a, i)).statusCode).toBe(401);
    for (let i = 13; i < 25; i++) expect((await signIn(b, i)).statusCode).toBe(401);
    expectRateLimited(await signIn(b, 25));
    expectRateLimited(await signIn(a, 26));
  });
});
