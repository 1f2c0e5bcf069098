/**
 * Database client factory: embedded PGlite in DATA_DIR/db by default, PostgreSQL through `pg`
 * when DATABASE_URL is set. One Drizzle type (`Db`) covers both; each has its own migrator.
 * Migrations are applied on open.
 */
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import * as schema from './schema/index.ts';
import { acquireDataDirLock } from './lock.ts';
import { openDurablePglite } from './pglite.ts';
import { migrationsDir } from '../lib/shipped-files.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const migrationsFolder = migrationsDir;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs: the PGlite directory, 'memory://', or the PostgreSQL URL without password. */
  location: string;
  /** Checks the connection (used by /api/health). */
  ping(): Promise<void>;
  /** PostgreSQL only: the pool's connections and the clients waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Closes the connection(s) and releases the data directory lock. Safe to call twice. */
  close(): Promise<void>;
  /** PGlite only: a tarball of the whole data directory (`loadDataDir` accepts it). */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenOptions {
  /** postgres://… → PostgreSQL; a directory path or 'memory://' → PGlite. */
  url?: string;
  /** PGlite directory, used when `url` is not set (default: in memory). */
  dataDir?: string;
  migrate?: boolean;
  /** PGlite only: start from this data directory tarball (from `dumpDataDir`). */
  loadDataDir?: Blob;
  /** Sees every statement Drizzle runs (tests count queries per request with it). */
  logger?: Logger;
  /** PostgreSQL only: pool size (default 10) and longest wait for a free connection (default 10 s). */
  pool?: { max?: number; connectionTimeoutMillis?: number };
  /** PGlite only: PostgreSQL's shared_buffers, e.g. '16MB' (the default, PGLITE_SHARED_BUFFERS). */
  sharedBuffers?: string;
}

export const isPostgresUrl = (url: string | undefined): url is string =>
  !!url && /^postgres(ql)?:\/\//.test(url);

export async function openDatabase({
  url,
  dataDir,
  migrate = true,
  loadDataDir,
  logger,
  pool,
  sharedBuffers,
}: OpenOptions): Promise<Database> {
  if (isPostgresUrl(url)) return openPostgres(url, migrate, logger, pool);
  return openPglite(url ?? dataDir ?? 'memory://', migrate, loadDataDir, logger, sharedBuffers);
}

/** Migration lock id, so that several nodes starting at once migrate one after another. */
const MIGRATION_LOCK = 7_236_151;

async function openPostgres(
  url: string,
  migrate: boolean,
  logger: Logger | undefined,
  poolOptions: OpenOptions['pool'] = {},
): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool: Pool = new pg.Pool({
    connectionString: url,
    max: poolOptions.max ?? 10,
    // Past this wait a query fails with pg-pool's timeout error, which the error handler answers
    // with 503 errors.overloaded (lib/overload.ts), never 500.
    connectionTimeoutMillis: poolOptions.connectionTimeoutMillis ?? 10_000,
  });
  // An idle client losing its connection (server restart) must not crash the process; the
  // pool replaces it and the next query reports the error.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL idle client error: ${err.message}`);
  });
  const db = drizzle(pool, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  try {
    if (migrate) {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await run(db as never, { migrationsFolder });
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
          .catch(() => undefined);
        lockClient.release();
      }
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    location: redactUrl(url),
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => (closed ??= pool.end()),
  };
}

async function openPglite(
  dir: string,
  migrate: boolean,
  loadDataDir: Blob | undefined,
  logger?: Logger,
  sharedBuffers?: string,
): Promise<Database> {
  const inMemory = dir.includes('://');
  const lock = inMemory ? undefined : acquireDataDirLock(dir);
  let client: PGlite;
  try {
    client = await openDurablePglite(dir, loadDataDir, sharedBuffers);
  } catch (err) {
    lock?.release();
    throw err;
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const open = () => drizzle(client, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  let db = open();
  const close = async () => {
    try {
      if (!client.closed) await client.close();
    } finally {
      lock?.release();
    }
  };
  try {
    if (migrate) {
      const { migrate: run } = await import('drizzle-orm/pglite/migrator');
      const before = await appliedMigrations(client);
      await run(db as never, { migrationsFolder });
      // Creating a database and its indexes grows PGlite's WASM memory (sorts, catalog caches),
      // and WASM memory never shrinks: a server that has just migrated would hold ~100 MB more
      // than the same server restarted. Reopening the directory gives that memory back.
      if (!inMemory && (await appliedMigrations(client)) !== before) {
        await client.close();
        client = await openDurablePglite(dir, undefined, sharedBuffers);
        db = open();
      }
    }
  } catch (err) {
    await close();
    throw err;
  }
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    location: inMemory ? dir : path.resolve(dir),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => (closed ??= close()),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** How many migrations the directory has applied (0 before the first). */
async function appliedMigrations(client: PGlite): Promise<number> {
  const table = await client.query<{ t: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!table.rows[0]?.t) return 0;
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return rows[0]?.n ?? 0;
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
