/**
 * `npm run bench:live` (not a test): live delivery with many sockets open.
 *
 * For each setup — one node (embedded PGlite, sockets in process), one node on PostgreSQL when it
 * answers on this machine, and, when PostgreSQL and Redis answer, two nodes (one PostgreSQL
 * database, the Socket.IO Redis adapter, presence in Redis) — it:
 *
 * 1. seeds a fresh database: N members with a session each (inserted directly: no password
 *    hashing for thousands of users), one post for each sampled recipient, and one commenter;
 * 2. starts the real server process(es) (`src/main.ts`, production mode) on 127.0.0.1;
 * 3. opens N Socket.IO clients, websocket only (one per member; with two nodes, alternately on
 *    node A and node B) — the sampled recipients' in this process, all the others in a child
 *    process (bench/live-clients.ts), so that parsing broadcasts to thousands of sockets does not
 *    delay the timed `notification:new` — and reads each node's resident memory before and
 *    after (RSS growth per socket); once the samples below are taken, each node's heap after a
 *    full GC with the sockets open and again once they closed (bench/memory-probe.ts): heap per
 *    socket;
 * 4. posts `--samples` comments through node A, one after another, each on a post of a different
 *    connected member, and times from sending the request to the `notification:new` arriving on
 *    the recipient's socket (HTTP request + transaction + dispatcher + push; with two nodes, half
 *    the recipients are on node B, so those deliveries cross Redis): p50 / p99 / max. The first
 *    `--warmup` comments are not counted: the first request of a kind on a fresh process runs
 *    code the JIT has not compiled yet, right after thousands of handshakes.
 *
 * Options: --sockets <n> (1000; e.g. 10000), --samples <n> (100), --warmup <n> (5), --no-redis,
 * --no-write.
 * Everything listens on 127.0.0.1; every process and database it made is removed at the end.
 * Results are printed and written into docs/performance.md between the `bench:live` markers.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Notification, ServerToClientEvents } from '@atelier/shared';
import { openDatabase, type Database } from '../src/db/client.ts';
import { posts, session, user } from '../src/db/schema/index.ts';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  spawnServer,
  type ServerProcess,
} from '../test/helpers.ts';
import { numberOption } from './common.ts';
import { sectionMarkers, writeSection } from './doc.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const docFile = path.join(repoRoot, 'docs/performance.md');
const [START, END] = sectionMarkers('live');

// ---- options ----

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  numberOption(args, name, fallback, { integer: true });
const socketCount = option('sockets', 1_000);
const warmup = option('warmup', 5);
/** Members who receive a timed comment (their sockets are in this process): warm-up ones first. */
const recipients = Math.min(option('samples', 100) + warmup, socketCount);
const withRedis = !args.includes('--no-redis');
const write = !args.includes('--no-write');
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const secret = crypto.randomBytes(24).toString('hex');

const log = (message: string) => process.stdout.write(`${message}\n`);

/** `value`, which the code above guarantees (an index in range, a spawned process's pid). */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`bench:live: missing ${what}`);
  return value;
}

// The whole run is bounded: 2 min plus 60 ms per socket.
const guard = setTimeout(
  () => {
    log('bench:live: took too long, stopping.');
    process.exit(1);
  },
  120_000 + socketCount * 60,
);
guard.unref();

// ---- seeding ----

interface Seeded {
  /** Cookie header per member, in socket order. */
  cookies: string[];
  userIds: string[];
  /** postIds[i]: a post by member i (for the first `recipients` members). */
  postIds: string[];
  commenterCookie: string;
}

/** Better Auth's signed session cookie (HMAC-SHA256 of the token with AUTH_SECRET, base64). */
function sessionCookie(token: string): string {
  const signature = crypto.createHmac('sha256', secret).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

async function seed(database: Database): Promise<Seeded> {
  const db = database.db;
  const run = crypto.randomBytes(3).toString('hex');
  const ids = Array.from({ length: socketCount + 1 }, (_, i) => `bench-${run}-${i}`);
  const tokens = ids.map(() => crypto.randomBytes(24).toString('base64url'));
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < ids.length; i += 1_000) {
    const chunk = ids.slice(i, i + 1_000);
    await db.insert(user).values(
      chunk.map((id) => ({
        id,
        username: id,
        email: `${id}@example.com`,
        emailVerified: true,
        roles: ['member' as const],
        displayedRole: 'member' as const,
      })),
    );
    await db.insert(session).values(
      chunk.map((id, j) => ({
        id: `s-${id}`,
        token: must(tokens[i + j], 'token'),
        userId: id,
        expiresAt,
      })),
    );
  }
  const rows = await db
    .insert(posts)
    .values(
      ids.slice(0, recipients).map((authorId, i) => ({
        authorId,
        sectionSlug: 'general',
        title: `Bench post ${i}`,
        body: 'Body',
        provenance: 'human' as const,
      })),
    )
    .returning({ id: posts.id, authorId: posts.authorId });
  const byAuthor = new Map(rows.map((r) => [r.authorId, r.id]));
  return {
    cookies: tokens.slice(0, socketCount).map(sessionCookie),
    userIds: ids.slice(0, socketCount),
    postIds: ids.slice(0, recipients).map((id) => must(byAuthor.get(id), 'post')),
    commenterCookie: sessionCookie(must(tokens[socketCount], 'token')),
  };
}

// ---- measuring ----

/** Resident memory of a process (Linux /proc), in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

function open(node: ServerProcess, cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(node.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
    extraHeaders: { origin: node.baseUrl, cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

/**
 * Opens `cookies.length` sockets in a child process (bench/live-clients.ts), socket i on node
 * (offset + i) % nodes; resolves once they are all open, with the means to close them. The child
 * runs at the lowest CPU priority: its thousands of sockets stand for browsers on other machines,
 * and parsing each broad room's signal 10,000 times over would otherwise take the cores the
 * server and the database need for the timed deliveries (its sockets still read every message).
 */
async function openBulk(
  baseUrls: string[],
  cookies: string[],
  offset: number,
): Promise<{ close: () => Promise<void> }> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'live-clients.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid !== undefined) os.setPriority(child.pid, 19);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.connected) child.send({ type: 'close' });
    else child.kill();
    await exited;
  };
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', (m: { type: string; error?: string }) => {
        if (m.type === 'opened') resolve();
        else reject(new Error(`bench:live clients: ${m.error ?? m.type}`));
      });
      child.once('exit', (code) => reject(new Error(`bench:live clients exited (${code})`)));
      child.send({ type: 'open', baseUrls, cookies, offset });
    });
  } catch (err) {
    child.kill();
    await exited;
    throw err;
  }
  return { close };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

interface Result {
  setup: string;
  sockets: number;
  connectSeconds: number;
  p50: number;
  /** p50 of the comment request alone (its answer), the rest being dispatch and push. */
  answerP50: number;
  p99: number;
  max: number;
  crossNodeP50: number | null;
  /** Growth of the resident set once the sockets are open, per socket. */
  bytesPerSocket: number;
  /** JS heap and buffers after a full GC, sockets open minus sockets closed, per socket. */
  heapPerSocket: number;
}

async function measure(setup: string, nodes: ServerProcess[], seeded: Seeded): Promise<Result> {
  const settle = () => new Promise((r) => setTimeout(r, 1_500));
  await settle();
  const before = nodes.map((n) => rssOf(must(n.proc.pid, 'pid')));

  log(`  opening ${socketCount} sockets…`);
  // The sampled recipients' sockets here, the others in a child process (bench/live-clients.ts):
  // this event loop then only parses what reaches the sockets it times.
  const sockets: ClientSocket[] = new Array<ClientSocket>(recipients);
  const connectStarted = performance.now();
  const bulk = await openBulk(
    nodes.map((n) => n.baseUrl),
    seeded.cookies.slice(recipients),
    recipients,
  );
  const batch = 100;
  for (let i = 0; i < recipients; i += batch) {
    await Promise.all(
      seeded.cookies.slice(i, Math.min(i + batch, recipients)).map(async (cookie, j) => {
        const index = i + j;
        sockets[index] = await open(must(nodes[index % nodes.length], 'node'), cookie);
      }),
    );
  }
  const connectSeconds = (performance.now() - connectStarted) / 1_000;
  await settle();
  const after = nodes.map((n) => rssOf(must(n.proc.pid, 'pid')));
  const perNode = socketCount / nodes.length;
  const bytesPerSocket =
    after.reduce((sum, a, i) => sum + (a - must(before[i], 'rss')), 0) / nodes.length / perNode;

  log(`  ${recipients} notifications through node A (the first ${warmup} not counted)…`);
  const latencies: number[] = [];
  const crossNode: number[] = [];
  const answers: number[] = [];
  const entry = must(nodes[0], 'node');
  for (let i = 0; i < recipients; i += 1) {
    const socket = must(sockets[i], 'socket');
    const postId = must(seeded.postIds[i], 'post');
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no notification for sample ${i}`)), 10_000);
      const onNew = (n: Notification) => {
        if (n.type !== 'comment' || n.post.postId !== postId) return;
        clearTimeout(timer);
        socket.off('notification:new', onNew);
        resolve(performance.now());
      };
      socket.on('notification:new', onNew);
    });
    const started = performance.now();
    const res = await fetch(`${entry.baseUrl}/api/posts/${postId}/comments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: entry.baseUrl,
        cookie: seeded.commenterCookie,
      },
      body: JSON.stringify({ body: `Comment ${i}` }),
    });
    if (res.status !== 201) throw new Error(`comment ${i}: ${res.status} ${await res.text()}`);
    const answered = performance.now() - started;
    const ms = (await arrived) - started;
    if (i < warmup) continue;
    answers.push(answered);
    latencies.push(ms);
    if (nodes.length > 1 && i % nodes.length !== 0) crossNode.push(ms);
  }
  if (heapDir) await heapSnapshots(nodes);
  const withSockets = await Promise.all(nodes.map(heapAfterGc));
  for (const s of sockets) s.disconnect();
  await bulk.close();
  await settle();
  const withoutSockets = await Promise.all(nodes.map(heapAfterGc));
  // A second snapshot without the sockets: the difference of the two is what they keep.
  if (heapDir) await heapSnapshots(nodes);
  const heapPerSocket =
    withSockets.reduce((sum, m, i) => sum + (m - must(withoutSockets[i], 'heap')), 0) /
    nodes.length /
    perNode;

  const sorted = [...latencies].sort((a, b) => a - b);
  const slowest = latencies
    .map((ms, i) => `#${i + 1} ${ms.toFixed(1)} ms`)
    .sort((a, b) => Number(b.split(' ')[1]) - Number(a.split(' ')[1]))
    .slice(0, 3);
  log(`  slowest deliveries: ${slowest.join(', ')}`);
  const cross = [...crossNode].sort((a, b) => a - b);
  return {
    setup,
    sockets: socketCount,
    connectSeconds,
    p50: percentile(sorted, 50),
    answerP50: percentile(
      [...answers].sort((a, b) => a - b),
      50,
    ),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    crossNodeP50: cross.length > 0 ? percentile(cross, 50) : null,
    bytesPerSocket,
    heapPerSocket,
  };
}

const memoryAnswers = new Map<ServerProcess, number>();
/**
 * The node's JS heap plus the memory outside it that JS objects hold (buffers), after a full
 * garbage collection (bench/memory-probe.ts).
 */
async function heapAfterGc(node: ServerProcess): Promise<number> {
  const n = (memoryAnswers.get(node) ?? 0) + 1;
  memoryAnswers.set(node, n);
  const line = node.waitForOutput(new RegExp(`^BENCH_MEMORY ${n} `));
  process.kill(must(node.proc.pid, 'pid'), 'SIGURG');
  const usage = JSON.parse((await line).replace(/^BENCH_MEMORY \d+ /, '')) as NodeJS.MemoryUsage;
  return usage.heapUsed + usage.external;
}

/** Each node writes a heap snapshot (BENCH_HEAP_SNAPSHOT); resolves once they are written. */
async function heapSnapshots(nodes: ServerProcess[]) {
  const dir = must(heapDir, 'BENCH_HEAP_SNAPSHOT');
  const count = () => fs.readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot')).length;
  for (const node of nodes) {
    const before = count();
    log('  writing a heap snapshot…');
    process.kill(must(node.proc.pid, 'pid'), 'SIGUSR2');
    while (count() === before) await new Promise((r) => setTimeout(r, 200));
    // The snapshot is written synchronously: the node answers again once it is complete.
    await fetch(`${node.baseUrl}/api/me`).catch(() => undefined);
  }
}

async function stopNodes(nodes: ServerProcess[]) {
  for (const node of nodes) {
    if (node.proc.exitCode === null && node.proc.signalCode === null) {
      node.proc.kill('SIGTERM');
      await node.exited;
    }
  }
}

const benchEnv = {
  AUTH_SECRET: secret,
  // Each node logs at info (the harness waits for its "listening" line); sockets log nothing.
  LOG_LEVEL: 'info',
  // One commenter writes every sample comment: far faster than a person, so no rate limits.
  RATE_LIMIT_SCALE: '0',
};

// BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it exits (open it in
// Chrome's DevTools or speedscope), to see where a delivery's time goes.
// BENCH_HEAP_SNAPSHOT=<dir>: each server writes a heap snapshot there once the samples are taken
// (sockets still open) and another once they have closed, to see what a socket keeps.
const heapDir = process.env.BENCH_HEAP_SNAPSHOT;
const serverArgs = {
  args: [
    ...(process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : []),
    ...(heapDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapDir}`] : []),
    '--expose-gc',
    '--import',
    'tsx',
    '--import',
    './bench/memory-probe.ts',
    'src/main.ts',
  ],
};

// ---- setups ----

async function oneNode(): Promise<Result> {
  log('One node (embedded PGlite, in process):');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-live-'));
  const nodes: ServerProcess[] = [];
  try {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    let seeded: Seeded;
    try {
      seeded = await seed(database);
    } finally {
      await database.close();
    }
    nodes.push(await spawnServer({ DATA_DIR: dataDir, ...benchEnv }, serverArgs));
    return await measure('1 node, PGlite, in process', nodes, seeded);
  } finally {
    await stopNodes(nodes);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function answers(): Promise<{ postgres: boolean; redis: boolean }> {
  const postgres = await (async () => {
    const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  const redis = await (async () => {
    const client = createClient({
      url: redisUrl,
      socket: { connectTimeout: 2_000, reconnectStrategy: false },
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      return true;
    } catch {
      return false;
    } finally {
      if (client.isOpen) await client.close();
    }
  })();
  return { postgres, redis };
}

/**
 * A database that has just taken 20,000 rows would analyse them (autovacuum) and write them out
 * (a checkpoint) while the samples run, and the commits of the timed comments would wait on that
 * I/O: done first, as on a site in its steady state (CHECKPOINT needs a superuser: skipped when
 * refused).
 */
async function settle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
    await client.query('checkpoint').catch(() => undefined);
  } finally {
    await client.end();
  }
}

/** One PostgreSQL database for the run (created and dropped here), seeded; `nodes` on it. */
async function onPostgres(setup: string, nodeEnvs: Record<string, string>[]): Promise<Result> {
  const url = await createPostgresDatabase(pgUrl);
  const dataDirs = nodeEnvs.map(() =>
    fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-live-')),
  );
  const nodes: ServerProcess[] = [];
  try {
    const database = await openDatabase({ url });
    let seeded: Seeded;
    try {
      seeded = await seed(database);
    } finally {
      await database.close();
    }
    await settle(url);
    for (const [i, env] of nodeEnvs.entries()) {
      nodes.push(
        await spawnServer(
          { DATA_DIR: must(dataDirs[i], 'dir'), DATABASE_URL: url, ...env, ...benchEnv },
          serverArgs,
        ),
      );
    }
    return await measure(setup, nodes, seeded);
  } finally {
    await stopNodes(nodes);
    await dropPostgresDatabase(pgUrl, url);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function oneNodePostgres(): Promise<Result> {
  log('One node (PostgreSQL):');
  return onPostgres('1 node, PostgreSQL', [{}]);
}

function twoNodes(): Promise<Result> {
  log('Two nodes (PostgreSQL + Redis):');
  return onPostgres('2 nodes, PostgreSQL + Redis', [
    { REDIS_URL: redisUrl },
    { REDIS_URL: redisUrl },
  ]);
}

// ---- report ----

const ms = (v: number) => v.toFixed(1);

function section(results: Result[], skipped: string | null): string {
  const cpus = os.cpus();
  const lines = [
    START,
    '## Live: notification delivery with many sockets (`npm run bench:live`)',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, load average ${loadBefore.toFixed(1)} when it started; the sockets' client ` +
      'runs on the same machine (and competes for the same cores). `npm run bench` rewrites the file above this section and keeps this one.',
    '',
    '```sh',
    'npm run bench:live                      # 1,000 sockets; on PostgreSQL too, and two nodes with Redis, when they answer',
    'npm run bench:live -- --sockets 10000   # BENCH_DATABASE_URL / BENCH_REDIS_URL to point elsewhere',
    '```',
    '',
    'Latency: from sending `POST /api/posts/:id/comments` to node A until `notification:new` reaches the',
    "post author's socket (request, transaction, dispatcher, push), one comment at a time, each to",
    `another author: ${recipients - warmup} counted after ${warmup} warm-up ones (a fresh process's first`,
    "requests of a kind run code the JIT has not compiled yet); the sampled authors' sockets are in",
    'the bench process, all the others in a child process at the lowest CPU priority (they stand',
    'for browsers on other machines: their parsing of every broad signal 10,000 times over does not',
    'take the cores the server and the database need). A PostgreSQL database is vacuumed, analysed',
    'and checkpointed after its seed, before the nodes start (a steady state, not the autovacuum and',
    'checkpoint of 20,000 fresh rows during the samples). Heap per socket: what a socket keeps —',
    "each server's JS heap and the buffers it holds, after a full garbage collection, with the",
    'sockets open (once the samples are taken) minus the same once they have closed, divided by its',
    'sockets (Socket.IO, rooms, presence; not the session cache, which stays). RSS growth: the',
    'resident set once the sockets are open minus before, divided by its sockets (noisier: freed',
    'and not yet collected memory, allocator slack).',
    '',
    '| Setup | Sockets | Connect all (s) | p50 (ms) | p99 (ms) | max (ms) | p50 via the other node (ms) | p50 of the answer (ms) | Heap per socket | RSS growth per socket |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.setup} | ${r.sockets.toLocaleString('en')} | ${r.connectSeconds.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.crossNodeP50 === null ? '—' : ms(r.crossNodeP50)} | ${ms(r.answerP50)} | ${(r.heapPerSocket / 1024).toFixed(1)} KB | ${(r.bytesPerSocket / 1024).toFixed(1)} KB |`,
    ),
    '',
  ];
  if (skipped) lines.push(`Not measured in this run: ${skipped}`, '');
  lines.push(END);
  return lines.join('\n');
}

function writeDoc(text: string) {
  return writeSection(docFile, 'live', text);
}

// ---- main ----

const loadBefore = os.loadavg()[0] ?? 0;
const results: Result[] = [];
let skipped: string | null = null;
results.push(await oneNode());
const up = await answers();
if (up.postgres) results.push(await oneNodePostgres());
if (!withRedis) skipped = 'two nodes (--no-redis).';
else if (up.postgres && up.redis) results.push(await twoNodes());
const silent = [!up.postgres && 'PostgreSQL', withRedis && !up.redis && 'Redis'].filter(Boolean);
if (silent.length > 0) {
  const what = up.postgres
    ? 'two nodes'
    : withRedis
      ? 'one node on PostgreSQL and two nodes'
      : 'one node on PostgreSQL';
  skipped = `${what} (${silent.join(' and ')} did not answer).`;
}

const text = section(results, skipped);
log(`\n${text.split('\n').slice(1, -1).join('\n')}`);
if (write) {
  await writeDoc(text);
  log(`Wrote ${path.relative(process.cwd(), docFile)}`);
}
process.exit(0);
