/**
 * The embedded database's buffer cache, which sets most of an idle server's memory: 16MB unless
 * PGLITE_SHARED_BUFFERS says otherwise, on a data directory and in memory alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { queryRows } from '../src/lib/sql.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pgmem-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function sharedBuffers(database: Database): Promise<string> {
  try {
    const [row] = await queryRows<{ shared_buffers: string }>(
      database.db,
      sql`show shared_buffers`,
    );
    return row!.shared_buffers;
  } finally {
    await database.close();
  }
}

describe('PGlite shared_buffers', () => {
  it('is 16MB by default, in a data directory and in memory', async () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).PGLITE_SHARED_BUFFERS).toBe('16MB');
    expect(await sharedBuffers(await openDatabase({ dataDir: tempDir(), migrate: false }))).toBe(
      '16MB',
    );
    expect(await sharedBuffers(await openDatabase({ migrate: false }))).toBe('16MB');
  }, 60_000);

  it('follows PGLITE_SHARED_BUFFERS', async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PGLITE_SHARED_BUFFERS: '32MB' });
    const database = await openDatabase({
      dataDir: path.join(config.DATA_DIR, 'db'),
      migrate: false,
      sharedBuffers: config.PGLITE_SHARED_BUFFERS,
    });
    expect(await sharedBuffers(database)).toBe('32MB');
  }, 60_000);

  it('reopens a directory it has just migrated, which keeps its settings, its data and its lock', async () => {
    const dir = tempDir();
    const database = await openDatabase({ dataDir: dir, migrate: true, sharedBuffers: '32MB' });
    try {
      await database.db.execute(sql`create table reopened (word text)`);
      await database.db.execute(sql`insert into reopened values ('kept')`);
      const [sections] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from sections`,
      );
      expect(sections?.n).toBeGreaterThanOrEqual(0);
      await expect(openDatabase({ dataDir: dir, migrate: false })).rejects.toThrow();
    } finally {
      expect(await sharedBuffers(database)).toBe('32MB');
    }
    const again = await openDatabase({ dataDir: dir, migrate: true });
    try {
      const [row] = await queryRows<{ word: string }>(again.db, sql`select word from reopened`);
      expect(row?.word).toBe('kept');
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses a value that is not a size', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(
      /PGLITE_SHARED_BUFFERS: must be a size such as 16MB or 128MB/,
    );
  });
});
