/**
 * Test harness: a real Fastify app on a fresh database.
 *
 * - PGlite (default): the migrations run once per set of migration files — the migrated data
 *   directory is kept as a tarball in the system temp dir, keyed by a hash of the migrations —
 *   and each app starts in memory from that tarball (`loadDataDir`), ~0.5 s instead of ~4 s.
 * - TEST_DATABASE_URL=postgres://…: each call creates its own database `atelier_t_<random>` on
 *   that server, migrates it, and drops it on close.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, repoRoot, type Config } from '../src/config.ts';
import { isPostgresUrl, migrationsFolder, openDatabase, type Database } from '../src/db/client.ts';
import { freePort } from './support/free-port.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables parsed by loadConfig (as strings), before `overrides`. */
  env?: Record<string, string>;
  /** Skip `app.ready()` (to register more routes first). */
  skipReady?: boolean;
  /** Drizzle logger of the app's database: sees every statement (to count queries per request). */
  logger?: Logger;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  const config = loadConfig(
    // Each data-room signal at once (LIVE_SIGNAL_MS): tests count them right after a write; the
    // merging itself has its unit test (live-signals.test.ts).
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      LIVE_SIGNAL_MS: '0',
      ...options.env,
    },
    overrides,
  );
  const fresh = await createTestDatabase(options.logger);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, database: fresh.database });
    if (!options.skipReady) await app.ready();
  } catch (err) {
    await app?.close();
    await fresh.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const built = app;
  let closing: Promise<void> | undefined;
  return {
    app: built,
    database: fresh.database,
    config,
    dataDir,
    close() {
      closing ??= (async () => {
        try {
          await built.close();
        } finally {
          await fresh.drop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      })();
      return closing;
    },
  };
}

export interface TestDatabase {
  database: Database;
  /** For PostgreSQL, the URL of the fresh database (to hand to a spawned server). */
  url?: string;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

/** The PostgreSQL server the tests also run on, if any. */
export const testDatabaseUrl = isPostgresUrl(process.env.TEST_DATABASE_URL)
  ? process.env.TEST_DATABASE_URL
  : undefined;

/** A fresh, migrated database: PGlite in memory, or a new PostgreSQL database. */
export async function createTestDatabase(logger?: Logger): Promise<TestDatabase> {
  if (testDatabaseUrl) {
    const url = await createPostgresDatabase(testDatabaseUrl);
    const database = await openDatabase({ url, ...(logger ? { logger } : {}) });
    return {
      database,
      url,
      drop: async () => {
        await database.close();
        await dropPostgresDatabase(testDatabaseUrl, url);
      },
    };
  }
  const database = await openDatabase({
    url: 'memory://',
    loadDataDir: await migratedSnapshot(),
    migrate: false,
    ...(logger ? { logger } : {}),
  });
  return { database, drop: () => database.close() };
}

/** Creates an empty database `atelier_t_<random>` on the server of `adminUrl`; returns its URL. */
export async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `atelier_t_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(adminUrl: string, url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^atelier_t_[0-9a-f]+$/.test(name)) throw new Error(`Refusing to drop ${name}`);
  await withAdminClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

async function withAdminClient(
  adminUrl: string,
  fn: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

let snapshot: Promise<Blob> | undefined;

/** The migrated PGlite data directory as a tarball: from the disk cache, or made now. */
export function migratedSnapshot(): Promise<Blob> {
  snapshot ??= loadOrMakeSnapshot();
  return snapshot;
}

async function loadOrMakeSnapshot(): Promise<Blob> {
  const file = path.join(os.tmpdir(), 'atelier-pglite-snapshots', `${migrationsHash()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ url: 'memory://' });
  try {
    const blob = await database.dumpDataDir!();
    // Write then rename: test files in parallel workers may make the same snapshot at once.
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, new Uint8Array(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
    removeOldSnapshots(path.dirname(file), file);
    return blob;
  } finally {
    await database.close();
  }
}

/** Snapshots of other migrations (40 MB each) made over an hour ago are removed. */
function removeOldSnapshots(dir: string, keep: string): void {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (file === keep) continue;
    try {
      if (Date.now() - fs.statSync(file).mtimeMs > 3_600_000) fs.rmSync(file, { force: true });
    } catch {
      // Removed by another worker meanwhile.
    }
  }
}

/** Hash of every migration file and of the PGlite version (a new engine makes a new snapshot). */
function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(migrationsFolder, full)).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  for (const root of [repoRoot, path.join(repoRoot, 'apps/server')]) {
    const pkg = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
    if (fs.existsSync(pkg)) hash.update(fs.readFileSync(pkg));
  }
  return hash.digest('hex').slice(0, 24);
}

export { freePort };

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  baseUrl: string;
  /** Every line the process wrote to stdout and stderr so far. */
  output: string[];
  /** Resolves with the first output line (present or future) that matches. */
  waitForOutput(match: RegExp): Promise<string>;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | NodeJS.Signals>;
}

const serverDir = path.join(repoRoot, 'apps/server');

/**
 * Spawns the real server (`src/main.ts` through tsx) with `env` on top of a clean environment:
 * production mode, info logs, the given DATA_DIR, embedded database unless DATABASE_URL is given.
 * Resolves once it logs that it listens, or rejects with its output if it exits first.
 */
export async function spawnServer(
  env: Record<string, string> & { DATA_DIR: string },
  {
    waitListening = true,
    // Node's arguments and working directory; the default runs the source with tsx.
    args = ['--import', 'tsx', 'src/main.ts'],
    cwd = serverDir,
  }: { waitListening?: boolean; args?: string[]; cwd?: string } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseUrl = `http://localhost:${port}`;
  const proc = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      AUTH_SECRET: crypto.randomBytes(24).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: baseUrl,
      // Set (even empty) so that a developer's .env cannot point the test server elsewhere.
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      // No demo data on a new embedded database unless a test asks for it.
      SEED_DEMO: 'false',
      ...env,
    },
  });
  const output: string[] = [];
  const waiters: { match: RegExp; resolve: (line: string) => void }[] = [];
  const onLine = (line: string) => {
    output.push(line);
    for (const w of [...waiters]) {
      if (w.match.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  for (const stream of [proc.stdout, proc.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(onLine);
    });
    stream.on('end', () => rest && onLine(rest));
  }
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    proc.on('exit', (code, signal) => resolve(code ?? signal ?? 'SIGKILL'));
  });
  const waitForOutput = (match: RegExp) => {
    const seen = output.find((l) => match.test(l));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve) => waiters.push({ match, resolve }));
  };
  const server: ServerProcess = { proc, port, baseUrl, output, waitForOutput, exited };
  if (waitListening) {
    const outcome = await Promise.race([
      waitForOutput(/Atelier listening/),
      exited.then((code) => ({ code })),
    ]);
    if (typeof outcome === 'object') {
      throw new Error(
        `Server exited (${String(outcome.code)}) before listening:\n${output.join('\n')}`,
      );
    }
  }
  return server;
}
