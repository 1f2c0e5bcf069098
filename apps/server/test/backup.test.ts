/**
 * `npm run backup` / `npm run restore` (src/backup/): a demo site backed up with the server
 * stopped, wiped, restored: every row and media file back; a backup taken through the backup
 * channel of a running server while it writes: consistent (the restored data matches the
 * manifest's counts and checksums, every counter matches a recount); refusals.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKUP_SOCKET } from '../src/backup/channel.ts';
import {
  BackupError,
  createBackup,
  restoreBackup,
  withEmbeddedSource,
} from '../src/backup/operations.ts';
import { counterDrift } from '../src/demo/counters.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { createMember } from './factories.ts';
import { newPost } from './post-factories.ts';
import {
  createSiteApp,
  openSiteDatabase,
  tableContents,
  tempDir,
  treeHashes,
} from './backup-helpers.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
const scratch = (prefix: string) => {
  const dir = tempDir(prefix);
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('backup and restore', () => {
  it('backs up a stopped demo site, and restores every row and media file after a wipe', async () => {
    const dataDir = scratch('atelier-site-');
    const outDir = scratch('atelier-backups-');
    // What the server makes at first start when AUTH_SECRET is not set.
    fs.writeFileSync(path.join(dataDir, 'auth-secret'), crypto.randomBytes(32).toString('base64'), {
      mode: 0o600,
    });
    const database = await openSiteDatabase(dataDir);
    await seedDemo(database.db, { dataDir });
    const rowsBefore = await tableContents(database.db);
    await database.close();
    const mediaBefore = treeHashes(path.join(dataDir, 'media'));
    const secretBefore = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8');
    expect(Object.keys(mediaBefore).length).toBeGreaterThan(5);
    expect(rowsBefore.posts?.length).toBeGreaterThan(5);

    const { dir, manifest } = await createBackup({ dataDir, outDir });
    expect(manifest.source).toBe('directory');
    expect(manifest.database?.tables.posts?.rows).toBe(rowsBefore.posts?.length);
    expect(manifest.media.files.map((f) => f.path).sort()).toEqual(Object.keys(mediaBefore).sort());
    expect(manifest.media.missing).toEqual([]);
    expect(fs.statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);

    // Wipe the site, then restore into the empty DATA_DIR.
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir);
    const result = await restoreBackup({ archive: dir, dataDir });
    expect(result.load?.tables.every((t) => t.actual.checksum === t.expected.checksum)).toBe(true);

    const restored = await openSiteDatabase(dataDir);
    cleanup.push(() => restored.close());
    expect(await tableContents(restored.db)).toEqual(rowsBefore);
    expect(await counterDrift(restored.db)).toEqual([]);
    expect(treeHashes(path.join(dataDir, 'media'))).toEqual(mediaBefore);
    expect(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(secretBefore);

    // While the database is open (the server runs): refused.
    await expect(restoreBackup({ archive: dir, dataDir, force: true })).rejects.toThrow(
      /in use by process/,
    );
    await restored.close();
    // Into a non-empty DATA_DIR: refused without --force.
    const refusal = await restoreBackup({ archive: dir, dataDir }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as BackupError).message).toMatch(/not empty.*--force/);
    // A damaged media file in the backup: refused before anything changes.
    const first = manifest.media.files[0]!;
    fs.appendFileSync(path.join(dir, 'media', first.path), 'x');
    await expect(restoreBackup({ archive: dir, dataDir, force: true })).rejects.toThrow(
      /damaged.*media/,
    );
    expect(treeHashes(path.join(dataDir, 'media'))).toEqual(mediaBefore);
  }, 900_000);

  it('backs up a running server while it writes, consistently, through its backup channel', async () => {
    const dataDir = scratch('atelier-live-');
    const outDir = scratch('atelier-backups-');
    const t = await createSiteApp(dataDir);
    cleanup.push(() => t.close());
    expect(fs.statSync(path.join(dataDir, BACKUP_SOCKET)).mode & 0o777).toBe(0o600);

    const author = await createMember(t);
    for (let i = 0; i < 5; i++) await newPost(t, author, { title: `Before ${i}` });
    // Writes go on during the whole backup.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await newPost(t, author, { title: `During ${written}` });
        written++;
      }
    })();
    const { dir, manifest } = await createBackup({ dataDir, outDir }).finally(() => {
      writing = false;
    });
    await writer;
    expect(manifest.source).toBe('server');
    const postsInBackup = manifest.database?.tables.posts?.rows ?? 0;
    expect(postsInBackup).toBeGreaterThanOrEqual(5);
    expect(written).toBeGreaterThan(0);

    // Restored elsewhere: counts and checksums as in the manifest (checked by the restore, and
    // here), the counters consistent with the rows — one snapshot, not a mix.
    const restoredDir = scratch('atelier-restored-');
    const result = await restoreBackup({ archive: dir, dataDir: restoredDir });
    for (const check of result.load?.tables ?? []) {
      expect(check.actual, check.table).toEqual(manifest.database?.tables[check.table]);
    }
    const restored = await openSiteDatabase(restoredDir);
    cleanup.push(() => restored.close());
    expect(await counterDrift(restored.db)).toEqual([]);
    const live = await tableContents(t.database.db);
    const back = await tableContents(restored.db);
    expect(back.posts).toHaveLength(postsInBackup);
    // Every post in the backup is one of the live site's (none half-written, none invented).
    expect(live.posts?.length).toBeGreaterThanOrEqual(postsInBackup);
    const liveIds = new Set(live.posts?.map((j) => (JSON.parse(j) as { id: string }).id));
    for (const j of back.posts ?? [])
      expect(liveIds.has((JSON.parse(j) as { id: string }).id)).toBe(true);
  }, 900_000);

  it('says how to stop the server when it holds the database without a channel', async () => {
    const dataDir = scratch('atelier-nochannel-');
    const database = await openSiteDatabase(dataDir);
    cleanup.push(() => database.close());
    await expect(withEmbeddedSource(dataDir, () => Promise.resolve())).rejects.toThrow(
      /in use by process \d+, which offers no backup channel/,
    );
  }, 120_000);
});
