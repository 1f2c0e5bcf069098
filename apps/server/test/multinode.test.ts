/**
 * Two real server processes on one PostgreSQL database and one Redis (issue 4, scale-out):
 * signing out through node A closes that session's socket on node B (issue 9), and an unban the
 * user's limited socket there; node B's cached notifications list drops what either node
 * dispatched (issue 12); a comment posted through node A notifies a socket connected to node B (Socket.IO Redis adapter), and killing
 * node A with SIGKILL marks its users offline (node B's sweep finds A's expired heartbeat) —
 * within seconds here, with short presence timings.
 *
 * Runs only when TEST_DATABASE_URL and TEST_REDIS_URL are set (CI, or locally:
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres TEST_REDIS_URL=redis://127.0.0.1:6379).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClientToServerEvents,
  Notification,
  ServerToClientEvents,
  UserPresence,
} from '@atelier/shared';
import { openDatabase, type Database } from '../src/db/client.ts';
import { posts, user } from '../src/db/schema/index.ts';
import { recordEvent } from '../src/live/events.ts';
import sharp from 'sharp';
import { PASSWORD } from './factories.ts';
import { multipart } from './post-factories.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  spawnServer,
  testDatabaseUrl,
  type ServerProcess,
} from './helpers.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const redisUrl = /^rediss?:\/\//.test(process.env.TEST_REDIS_URL ?? '')
  ? process.env.TEST_REDIS_URL
  : undefined;
const enabled = Boolean(testDatabaseUrl && redisUrl);
if (!enabled) {
  process.stdout.write(
    'multinode.test.ts skipped: set TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis) to run two server processes.\n',
  );
}

/** Short presence timings: a dead node is noticed within about 2 s instead of 45 s. */
const PRESENCE_ENV = {
  PRESENCE_HEARTBEAT_MS: '300',
  PRESENCE_NODE_TTL_MS: '1500',
  PRESENCE_SWEEP_MS: '400',
};

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!enabled)('two nodes on PostgreSQL + Redis', () => {
  let dbUrl: string;
  let database: Database;
  let nodeA: ServerProcess;
  let nodeB: ServerProcess;
  const dataDirs: string[] = [];
  const sockets: ClientSocket[] = [];

  const metricsToken = crypto.randomBytes(24).toString('base64url');
  /** One bucket for both nodes (s3rver, started here; null when it cannot run here). */
  let s3: TestS3 | null = null;
  const spawnNode = async (secret: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-multinode-'));
    dataDirs.push(dataDir);
    return spawnServer({
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl!,
      AUTH_SECRET: secret,
      // Every member signs up from 127.0.0.1, and the counts live in the shared Redis: runs one
      // after another must not add up to the sign-up limit (rate-limits.test.ts tests it).
      // Sign-in per account lowered for the shared-limit test below (an address of its own).
      RATE_LIMITS: 'signUpIp=10000/300,signInEmail=2/600',
      METRICS_TOKEN: metricsToken,
      ...(s3?.env ?? {}),
      ...PRESENCE_ENV,
    });
  };

  beforeAll(async () => {
    dbUrl = await createPostgresDatabase(testDatabaseUrl!);
    database = await openDatabase({ url: dbUrl }); // migrates before the nodes start
    const secret = crypto.randomBytes(24).toString('hex');
    s3 = await startS3();
    nodeA = await spawnNode(secret);
    nodeB = await spawnNode(secret);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const node of [nodeA, nodeB]) {
      if (node && node.proc.exitCode === null && node.proc.signalCode === null) {
        node.proc.kill('SIGTERM');
        await node.exited;
      }
    }
    await database?.close();
    await s3?.close();
    if (dbUrl) await dropPostgresDatabase(testDatabaseUrl!, dbUrl);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** A member with a session (registered through node A, accepted in the database). */
  const member = async (name: string) => {
    const username = `${name}${crypto.randomBytes(3).toString('hex')}`;
    const email = `${username}@example.com`;
    const res = await fetch(`${nodeA.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nodeA.baseUrl },
      body: JSON.stringify({ username, email, password: PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const [row] = await database.db
      .update(user)
      .set({ emailVerified: true, roles: ['member'], displayedRole: 'member' })
      .where(eq(user.email, email))
      .returning({ id: user.id });
    return { id: row!.id, email, cookie };
  };

  const open = (node: ServerProcess, cookie: string): Promise<ClientSocket> => {
    const socket: ClientSocket = connect(node.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin: node.baseUrl, cookie },
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => reject(err));
    });
  };

  const onlineOf = async (id: string) => {
    const [row] = await database.db
      .select({ online: user.online, lastSeenAt: user.lastSeenAt })
      .from(user)
      .where(eq(user.id, id));
    return row!;
  };

  /** A socket's close, or a rejection if it is still open after `ms`. */
  const closedWithin = (socket: ClientSocket, ms: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  it("signing out through node A closes that session's socket on node B within a second", async () => {
    const dana = await member('dana');
    // A second session of the same user, signed in through node A: its socket stays open.
    const signIn = await fetch(`${nodeA.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nodeA.baseUrl },
      body: JSON.stringify({ email: dana.email, password: PASSWORD }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const otherCookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const onB = await open(nodeB, dana.cookie);
    const otherOnB = await open(nodeB, otherCookie);
    const closing = closedWithin(onB, 1_000);
    const out = await fetch(`${nodeA.baseUrl}/api/auth/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nodeA.baseUrl, cookie: dana.cookie },
      body: '{}',
    });
    expect(out.status, await out.clone().text()).toBe(200);
    expect(await closing).toBe('io server disconnect');
    // The other session's socket still answers.
    await otherOnB.timeout(5_000).emitWithAck('post:watch', '00000000-0000-0000-0000-000000000000');
    expect(otherOnB.connected).toBe(true);
  }, 60_000);

  it("an unban through node A closes the user's limited socket on node B, not others'", async () => {
    const mod = await member('mod');
    await database.db
      .update(user)
      .set({ roles: ['moderator'], displayedRole: 'moderator' })
      .where(eq(user.id, mod.id));
    const fay = await member('fay');
    const gil = await member('gil');
    const moderate = (action: 'ban' | 'unban', body: unknown) =>
      fetch(`${nodeA.baseUrl}/api/users/${fay.id}/${action}`, {
        method: 'POST',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          origin: nodeA.baseUrl,
          cookie: mod.cookie,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const banned = await moderate('ban', { reason: 'Spam in every thread' });
    expect(banned.status, await banned.clone().text()).toBe(204);
    // The ban ended Fay's sessions: signed in again, she gets a limited socket (no access).
    const signIn = await fetch(`${nodeA.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nodeA.baseUrl },
      body: JSON.stringify({ email: fay.email, password: PASSWORD }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const fayCookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const limitedOnB = await open(nodeB, fayCookie);
    expect(
      await limitedOnB
        .timeout(5_000)
        .emitWithAck('post:watch', '00000000-0000-0000-0000-000000000000'),
    ).toMatchObject({ ok: false, error: 'errors.noAccess' });
    const gilOnB = await open(nodeB, gil.cookie);
    const closing = closedWithin(limitedOnB, 5_000);
    const unbanned = await moderate('unban', undefined);
    expect(unbanned.status, await unbanned.clone().text()).toBe(204);
    expect(await closing).toBe('io server disconnect');
    // Her next socket has access again; Gil's stayed open.
    const withAccess = await open(nodeB, fayCookie);
    expect(
      await withAccess
        .timeout(5_000)
        .emitWithAck('post:watch', '00000000-0000-0000-0000-000000000000'),
    ).not.toMatchObject({ error: 'errors.noAccess' });
    expect(gilOnB.connected).toBe(true);
  }, 60_000);

  it('a sign-in limit reached through node A holds on node B; each node reports its own metrics', async () => {
    const email = `nobody-${crypto.randomUUID()}@example.com`;
    const signIn = (node: ServerProcess) =>
      fetch(`${node.baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: node.baseUrl },
        body: JSON.stringify({ email, password: 'not the right one 123' }),
      });
    expect((await signIn(nodeA)).status).not.toBe(429);
    expect((await signIn(nodeA)).status).not.toBe(429);
    const third = await signIn(nodeB);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);

    const dana = await member('dana');
    await open(nodeB, dana.cookie);
    const scrape = async (node: ServerProcess) => {
      const res = await fetch(`${node.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const value = (text: string, series: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.split(' ')[1] ?? 0,
      );
    const [a, b] = await Promise.all([scrape(nodeA), scrape(nodeB)]);
    // The refusal is counted by the node that refused.
    expect(
      value(b, 'atelier_rate_limit_refusals_total{class="signInEmail"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(value(b, 'atelier_sockets')).toBeGreaterThanOrEqual(1);
    expect(a).toMatch(/^atelier_sockets \d+$/m);
  });

  it('an image uploaded through node A is served through node B (one S3 bucket)', async (ctx) => {
    if (!s3) return ctx.skip();
    const erin = await member('erin');
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    const body = multipart('file', 'square.png', png, 'image/png');
    const res = await fetch(`${nodeA.baseUrl}/api/media`, {
      method: 'POST',
      headers: { ...body.headers, cookie: erin.cookie, origin: nodeA.baseUrl },
      body: body.payload,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const media = (await res.json()) as { url: string };
    const [fromA, fromB] = await Promise.all([
      fetch(`${nodeA.baseUrl}${media.url}`),
      fetch(`${nodeB.baseUrl}${media.url}`),
    ]);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe(fromA.headers.get('content-type'));
    const [a, b] = await Promise.all([fromA.arrayBuffer(), fromB.arrayBuffer()]);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    expect(b.byteLength).toBeGreaterThan(0);
  });

  it("node B's cached notifications list shows what either node dispatched and a dismissal through A", async () => {
    const dora = await member('dora');
    const eli = await member('eli');
    const listOnB = async () => {
      const res = await fetch(`${nodeB.baseUrl}/api/notifications`, {
        headers: { origin: nodeB.baseUrl, cookie: dora.cookie },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Notification[];
    };
    // Cached on B. Then an event written outside any request (as the CLI does): whichever node's
    // sweep dispatches it, B's list must drop (60 s TTL: only the invalidation can do it in time).
    expect(await listOnB()).toEqual([]);
    await database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'comment.created',
        actorId: eli.id,
        data: {
          recipientId: dora.id,
          post: { postId: crypto.randomUUID(), postAuthorId: dora.id, title: 'Swept' },
          commentId: crypto.randomUUID(),
          content: 'From the sweep',
        },
      }),
    );
    let shown: Notification[] = [];
    await until(
      async () => (shown = await listOnB()).length === 1,
      15_000,
      'the notification on node B',
    );
    expect(shown[0]).toMatchObject({ type: 'comment', content: 'From the sweep' });
    const dismissed = await fetch(`${nodeA.baseUrl}/api/notifications/${shown[0]!.id}/dismiss`, {
      method: 'POST',
      headers: { origin: nodeA.baseUrl, cookie: dora.cookie },
    });
    expect(dismissed.status).toBe(200);
    await until(async () => (await listOnB()).length === 0, 2_000, 'the dismissal seen on node B');
  }, 60_000);

  it('a comment posted through node A notifies a socket on node B; killing A marks its users offline', async () => {
    const alice = await member('alice');
    const bob = await member('bob');
    const carol = await member('carol');

    // Alice on node B (and on A too: she must stay online when A dies); Bob and Carol on A only.
    const aliceOnB = await open(nodeB, alice.cookie);
    aliceOnB.emit('presence:watch', [alice.id, bob.id, carol.id]);
    await open(nodeA, alice.cookie);
    const bobOnA = await open(nodeA, bob.cookie);
    await open(nodeA, carol.cookie);
    for (const u of [alice, bob, carol]) {
      await until(async () => (await onlineOf(u.id)).online, 5_000, `${u.id} online`);
    }

    const [post] = await database.db
      .insert(posts)
      .values({
        authorId: alice.id,
        sectionSlug: 'general',
        title: 'Across nodes',
        body: 'Body',
        provenance: 'human',
      })
      .returning({ id: posts.id });
    const notified = new Promise<Notification>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('no notification on node B within 10 s')),
        10_000,
      );
      aliceOnB.once('notification:new', (n) => {
        clearTimeout(timer);
        resolve(n);
      });
    });
    // The home page's signal too: a broad room, which each node writes to its own sockets.
    const homeChanged = [aliceOnB, bobOnA].map(
      (socket) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no home:changed within 10 s')), 10_000);
          socket.once('home:changed', () => {
            clearTimeout(timer);
            resolve();
          });
        }),
    );
    const res = await fetch(`${nodeA.baseUrl}/api/posts/${post!.id}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nodeA.baseUrl, cookie: bob.cookie },
      body: JSON.stringify({ body: 'Seen from the other node' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await Promise.all(homeChanged);
    expect(await notified).toMatchObject({
      type: 'comment',
      recipientId: alice.id,
      author: { id: bob.id },
      post: { postId: post!.id },
    });

    // SIGKILL node A: no disconnect handler runs there; node B's sweep must notice.
    const offline: UserPresence[] = [];
    aliceOnB.on('presence:changed', (p) => {
      if (!p.online) offline.push(p);
    });
    const killedAt = Date.now();
    nodeA.proc.kill('SIGKILL');
    await nodeA.exited;
    for (const u of [bob, carol]) {
      await until(async () => !(await onlineOf(u.id)).online, 60_000, `${u.id} offline`);
    }
    const elapsed = Date.now() - killedAt;
    expect(elapsed).toBeLessThan(60_000);
    const bobRow = await onlineOf(bob.id);
    expect(bobRow.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(killedAt - 1_000);
    await until(
      () => Promise.resolve([bob.id, carol.id].every((id) => offline.some((p) => p.userId === id))),
      5_000,
      'presence:changed pushed to node B',
    );
    // Alice still has her socket on node B.
    expect((await onlineOf(alice.id)).online).toBe(true);
    expect(offline.some((p) => p.userId === alice.id)).toBe(false);
  }, 120_000);
});
