/**
 * Test harness: a real Fastify app on a fresh database.
 *
 * - PGlite (default): the migrations run once per set of migration files — the migrated data
 *   directory is kept as a tarball in the system temp dir, keyed by a hash of the migrations —
 *   and each app starts in memory from that tarball (`loadDataDir`), ~0.5 s instead of ~4 s.
 * - TEST_DATABASE_URL=postgres://…: each call creates its own database `atelier_t_<random>` on
 *   that server, migrates it, and drops it on close.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, repoRoot, type Config } from '../src/config.ts';
import { isPostgresUrl, migrationsFolder, openDatabase, type Database } from '../src/db/client.ts';

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
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env }, overrides);
  const fresh = await createTestDatabase();
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
export const testDatabaseUrl = isPostgresUrl(process.env.TEST_DATABASE_URL) ? process.env.TEST_DATABASE_URL : undefined;

/** A fresh, migrated database: PGlite in memory, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseUrl) {
    const url = await createPostgresDatabase(testDatabaseUrl);
    const database = await openDatabase({ url });
    return {
      database,
      url,
      drop: async () => {
        await database.close();
        await dropPostgresDatabase(testDatabaseUrl, url);
      },
    };
  }
  const database = await openDatabase({ url: 'memory://', loadDataDir: await migratedSnapshot(), migrate: false });
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

async function withAdminClient(adminUrl: string, fn: (client: pg.Client) => Promise<unknown>): Promise<void> {
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
    return blob;
  } finally {
    await database.close();
  }
}

/** Hash of every migration file and of the PGlite version (a new engine makes a new snapshot). */
function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
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
