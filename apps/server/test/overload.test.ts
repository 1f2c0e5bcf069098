/**
 * Overload answers 503, not 500: 1,000 concurrent likes (100 users, 12 posts, each user liking
 * 10 of them) against a real app whose database admission queue is small. Every answer is 200 or
 * 503; every 503 carries Retry-After and `errors.overloaded`; every post's like counter equals its
 * like rows and the 200s it got; /api/health answers during the burst; the dispatcher delivers
 * every event afterwards and no admission slot is left taken. On PostgreSQL, the pool's own wait
 * timeout (once a 500) is a 503 too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { counterDrift } from '../src/demo/counters.ts';
import { queryRows } from '../src/lib/sql.ts';
import { user } from '../src/db/schema/index.ts';
import {
  PASSWORD,
  cookieFrom,
  createAuthTestApp,
  createMember,
  lastLink,
  request,
  setRoles,
  tokenOf,
  uniqueName,
  type TestUser,
} from './factories.ts';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  testDatabaseUrl,
  type TestApp,
} from './helpers.ts';
import { newPost } from './post-factories.ts';

const USERS = 100;
const POSTS = 12;
const LIKES_PER_USER = 10;

/** Runs `fn` over `items`, `width` at a time (setup must stay within the small queue). */
async function inBatches<T, R>(
  items: T[],
  width: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    out.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => fn(item, i + j)))));
  }
  return out;
}

type Liker = TestUser & { ip: string };

/**
 * A member made as createUser does (register, verify from the mail, role set), from an address of
 * its own: the auth rate limits are per IP, and a hundred sign-ups from one address are refused.
 */
async function memberFrom(t: TestApp, ip: string): Promise<Liker> {
  const username = uniqueName('burst');
  const email = `${username.toLowerCase()}@example.com`;
  const registered = await request(t, {
    method: 'POST',
    url: '/api/register',
    remoteAddress: ip,
    payload: { username, email, password: PASSWORD },
  });
  if (registered.statusCode !== 201)
    throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const token = tokenOf(lastLink(t, email, 'verifyEmail'));
  const verified = await request(t, {
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    remoteAddress: ip,
    cookie: cookieFrom(registered),
  });
  if (verified.statusCode !== 200)
    throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await setRoles(t, row!.id, ['member']);
  return {
    id: row!.id,
    username,
    email,
    password: PASSWORD,
    cookie: cookieFrom(verified, cookieFrom(registered)),
    ip,
  };
}

/** A 503 of the overload guard: a Retry-After in seconds and the `errors.overloaded` body. */
function expectOverloaded(res: LightMyRequestResponse) {
  expect(res.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
  expect(res.json()).toEqual({
    error: {
      code: 'errors.overloaded',
      message: expect.any(String),
      requestId: expect.any(String),
    },
  });
}

const ipOf = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe('overload: 1,000 concurrent likes', () => {
  let t: TestApp;
  let likers: Liker[];
  let posts: string[];

  beforeAll(async () => {
    t = await createAuthTestApp({
      DB_ACTIVE_MAX: 4,
      DB_QUEUE_MAX: 40,
      DB_QUEUE_TIMEOUT_MS: 10_000,
    });
    const people = await inBatches(Array.from({ length: POSTS + USERS }), 8, (_, i) =>
      memberFrom(t, ipOf(i)),
    );
    const authors = people.slice(0, POSTS);
    likers = people.slice(POSTS);
    posts = await inBatches(authors, 8, async (a) => (await newPost(t, a, { title: 'Burst' })).id);
  }, 300_000);
  afterAll(() => t?.close());

  it('answers 200 or 503 (with Retry-After and errors.overloaded), and every count is exact', async () => {
    const planned = likers.flatMap((u, i) =>
      Array.from({ length: LIKES_PER_USER }, (_, k) => ({ u, post: posts[(i + k) % POSTS]! })),
    );
    expect(planned).toHaveLength(1000);

    const started = performance.now();
    const [answers, health] = await Promise.all([
      Promise.all(
        planned.map(async ({ u, post }) => {
          const res = await request(t, {
            method: 'PUT',
            url: `/api/posts/${post}/like`,
            cookie: u.cookie,
            remoteAddress: u.ip,
          });
          return { post, res };
        }),
      ),
      // Started with the burst, queued behind nothing: the health check does not pass the gate.
      request(t, { method: 'GET', url: '/api/health' }),
    ]);
    const elapsed = performance.now() - started;

    const statuses = new Map<number, number>();
    for (const { res } of answers)
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    console.log(
      `[overload] ${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'}: 1000 likes in ${Math.round(elapsed)} ms →`,
      Object.fromEntries(statuses),
    );

    expect(health.statusCode).toBe(200);
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 503]));
    for (const { res } of answers) {
      expect([200, 503], res.body).toContain(res.statusCode);
      if (res.statusCode !== 503) continue;
      expectOverloaded(res);
    }

    const okPerPost = new Map<string, number>();
    for (const { post, res } of answers) {
      if (res.statusCode === 200) okPerPost.set(post, (okPerPost.get(post) ?? 0) + 1);
    }
    const rows = await queryRows<{ id: string; like_count: number; likes: number }>(
      t.database.db,
      sql`select p.id, p.like_count, (select count(*)::int from post_likes l where l.target_id = p.id) as likes
          from posts p where p.id in ${posts}`,
    );
    expect(rows).toHaveLength(POSTS);
    for (const row of rows) {
      expect(row.like_count, row.id).toBe(row.likes);
      expect(row.likes, row.id).toBe(okPerPost.get(row.id) ?? 0);
    }
    expect(await counterDrift(t.database.db)).toEqual([]);

    // Nothing left behind: every slot came back, and the dispatcher delivers every like event.
    expect(t.app.admission.stats).toMatchObject({ active: 0, waiting: 0 });
    await t.app.live.kick();
    const [pending] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from domain_events where dispatched_at is null`,
    );
    expect(pending!.n).toBe(0);

    // And the site answers normally again: a refused like goes through on retry.
    const refused = answers.find((a) => a.res.statusCode === 503)!;
    const retry = planned[answers.indexOf(refused)]!;
    const again = await request(t, {
      method: 'PUT',
      url: `/api/posts/${retry.post}/like`,
      cookie: retry.u.cookie,
      remoteAddress: retry.u.ip,
    });
    expect(again.statusCode).toBe(200);
  }, 300_000);
});

describe.runIf(testDatabaseUrl)('overload: the PostgreSQL pool wait', () => {
  let t: TestApp;
  let pool: pg.Pool;

  beforeAll(async () => {
    // A real app on its own small pool (2 connections, 300 ms wait), as main.ts opens it.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
    const url = await createPostgresDatabase(testDatabaseUrl!);
    const database = await openDatabase({ url, pool: { max: 2, connectionTimeoutMillis: 300 } });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      { RATE_LIMIT_SCALE: 0 },
    );
    const app = await buildApp({ config, database });
    await app.ready();
    pool = (database.db as unknown as { $client: pg.Pool }).$client;
    t = {
      app,
      database,
      config,
      dataDir,
      close: async () => {
        try {
          await app.close();
          await database.close();
        } finally {
          await dropPostgresDatabase(testDatabaseUrl!, url);
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  });
  afterAll(() => t?.close());

  it('a timed-out wait for a pool connection is 503 errors.overloaded with Retry-After, not 500', async () => {
    const u = await createMember(t);
    // Every connection of the pool busy elsewhere: the session lookup cannot get one in time.
    const held = await Promise.all([pool.connect(), pool.connect()]);
    let res;
    try {
      res = await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie });
    } finally {
      for (const client of held) client.release();
    }
    expect(res.statusCode, res.body).toBe(503);
    expectOverloaded(res);
    // Connections free again: the same request succeeds.
    expect((await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).statusCode).toBe(
      200,
    );
  });
});
