/**
 * Database client factory: embedded PGlite in DATA_DIR/db by default, PostgreSQL through `pg`
 * when DATABASE_URL is set. One Drizzle type (`Db`) covers both; each has its own migrator.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Checks the connection (used by /api/health). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… → PostgreSQL; a directory path or 'memory://' → PGlite. */
  url?: string;
  dataDir?: string;
  migrate?: boolean;
}

export async function openDatabase({ url, dataDir, migrate = true }: OpenOptions): Promise<Database> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = drizzle(pool, { schema }) as unknown as Db;
    if (migrate) {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
      await run(db as never, { migrationsFolder });
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = url ?? dataDir ?? 'memory://';
  if (!dir.includes('://')) (await import('node:fs')).mkdirSync(dir, { recursive: true });
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  if (migrate) {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db as never, { migrationsFolder });
  }
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
