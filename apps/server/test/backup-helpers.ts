/** Helpers for backup.test.ts and migrate-to-postgres.test.ts: sites on disk, their contents. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { listTables } from '../src/backup/dump.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Db, type Database } from '../src/db/client.ts';
import { queryRows } from '../src/lib/sql.ts';
import { relaxedAuthLimits, relaxedWriteLimits } from './factories.ts';
import { migratedSnapshot, type TestApp } from './helpers.ts';

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** The embedded database of DATA_DIR (DATA_DIR/db), as the server opens it. */
export async function openSiteDatabase(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'db');
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  return openDatabase({
    dataDir: dir,
    // A new directory starts from the migrated snapshot (the same migrations, faster).
    ...(fresh ? { loadDataDir: await migratedSnapshot() } : {}),
  });
}

/** A real app on the embedded database of `dataDir` (its backup channel listens once ready). */
export async function createSiteApp(dataDir: string, database?: Database): Promise<TestApp> {
  const db = database ?? (await openSiteDatabase(dataDir));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    { RATE_LIMITS: { ...relaxedAuthLimits, ...relaxedWriteLimits() } },
  );
  const app = await buildApp({ config, database: db });
  await app.ready();
  return {
    app,
    database: db,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** Every table's rows as sorted JSON texts (timestamps in UTC). */
export async function tableContents(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const t of await listTables(tx)) {
      const rows = await queryRows<{ j: string }>(
        tx,
        sql.raw(`select row_to_json(t)::text as j from public."${t.name}" t`),
      );
      out[t.name] = rows.map((r) => r.j).sort();
    }
    return out;
  });
}

/** sha256 of every file under `dir`, by relative path. */
export function treeHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = crypto
      .createHash('sha256')
      .update(fs.readFileSync(file))
      .digest('hex');
  }
  return out;
}
