/**
 * Backup, restore and the move to PostgreSQL (used by `npm run backup|restore|migrate-to-postgres`
 * and by the tests).
 *
 * A backup is a DIRECTORY `atelier-backup-<UTC time>/`:
 * - `database.ndjson.gz`: the logical dump (dump.ts), one consistent snapshot;
 * - `media/…`: every file of DATA_DIR/media, copied after the snapshot;
 * - `auth-secret`: DATA_DIR/auth-secret when there is one (mode 0600: it signs sessions);
 * - `manifest.json`, written last: row count and checksum of every table, the migrations, and
 *   the size and sha256 of the dump and of every media file. Without it the backup is incomplete.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';
import pg from 'pg';
import { openDatabase, migrationsFolder, type Db, type Database } from '../db/client.ts';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, type DataDirLock } from '../db/lock.ts';
import { openDurablePglite } from '../db/pglite.ts';
import * as schema from '../db/schema/index.ts';
import { mediaRoot } from '../features/media/storage.ts';
import { backupSocketPath, dumpFromSocket, parseLines } from './channel.ts';
import { dumpDatabase, loadDump, type DumpLine, type LoadResult, type TableStats } from './dump.ts';

export const MANIFEST = 'manifest.json';
export const DUMP_FILE = 'database.ndjson.gz';
const AUTH_SECRET_FILE = 'auth-secret';

export class BackupError extends Error {
  constructor(
    message: string,
    /** Process exit code for the CLI: 2 = refused (in use, not empty), 1 = failed. */
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface MediaEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  /** How the dump was taken: from the running server's channel, or from the stopped directory. */
  source: 'server' | 'directory' | 'none';
  database: {
    file: string;
    bytes: number;
    sha256: string;
    migrations: string[];
    tables: Record<string, TableStats>;
  } | null;
  media: {
    files: MediaEntry[];
    /** Keys the rows refer to that were not on disk when copied (e.g. removed during the backup). */
    missing: string[];
  };
  authSecret: boolean;
}

const dbDir = (dataDir: string) => path.join(dataDir, 'db');

/** An async iterable over lines pushed by `produce`, with back-pressure (a short queue). */
function fromProducer(
  produce: (write: (line: DumpLine) => Promise<void>) => Promise<void>,
): AsyncIterable<DumpLine> {
  return {
    async *[Symbol.asyncIterator]() {
      const queue: DumpLine[] = [];
      let done = false;
      let stopped = false;
      let error: Error | undefined;
      let wake: (() => void) | undefined;
      let space: (() => void) | undefined;
      const finished = produce(async (line) => {
        if (stopped) throw new Error('the reader stopped');
        queue.push(line);
        wake?.();
        if (queue.length >= 4) await new Promise<void>((resolve) => (space = resolve));
      }).then(
        () => {
          done = true;
          wake?.();
        },
        (err: unknown) => {
          error = err instanceof Error ? err : new Error('the dump failed');
          done = true;
          wake?.();
        },
      );
      try {
        for (;;) {
          const line = queue.shift();
          if (line) {
            space?.();
            space = undefined;
            yield line;
            continue;
          }
          if (done) {
            if (error) throw error;
            return;
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      } finally {
        stopped = true;
        space?.();
        await finished;
      }
    },
  };
}

export interface Source {
  via: 'server' | 'directory' | 'archive';
  lines: AsyncIterable<DumpLine>;
}

/** The dump of an open database (the caller keeps it open until the lines are read). */
export const databaseSource = (db: Db): Source => ({
  via: 'directory',
  lines: fromProducer((write) => dumpDatabase(db, write)),
});

/**
 * The dump of the embedded database in DATA_DIR: opened directly when no process holds it,
 * through the running server's channel (DATA_DIR/backup.sock) when one does. `use` runs while
 * the source is open.
 */
export async function withEmbeddedSource<T>(
  dataDir: string,
  use: (source: Source) => Promise<T>,
): Promise<T> {
  const dir = dbDir(dataDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${dir}.`);
  let database: Database;
  try {
    database = await openDatabase({ dataDir: dir, migrate: false });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const socket = backupSocketPath(dataDir);
    if (!fs.existsSync(socket)) {
      throw new BackupError(
        `${dir} is in use by process ${err.pid}, which offers no backup channel (${socket} is missing). Stop it and try again.`,
        2,
      );
    }
    return use({ via: 'server', lines: dumpFromSocket(socket) });
  }
  try {
    return await use(databaseSource(database.db));
  } finally {
    await database.close();
  }
}

/** The dump inside a backup directory (its sha256 checked against the manifest first). */
export async function archiveSource(
  archive: string,
): Promise<{ manifest: Manifest; source: Source }> {
  const manifest = await readManifest(archive);
  if (!manifest.database) throw new BackupError(`${archive} holds no database (media only).`);
  const file = path.join(archive, manifest.database.file);
  const hash = await hashFile(file);
  if (hash.sha256 !== manifest.database.sha256 || hash.bytes !== manifest.database.bytes)
    throw new BackupError(`${file} is damaged: its sha256 differs from the manifest's.`);
  return {
    manifest,
    source: {
      via: 'archive',
      lines: parseLines(fs.createReadStream(file).pipe(zlib.createGunzip())),
    },
  };
}

export async function readManifest(archive: string): Promise<Manifest> {
  const file = path.join(archive, MANIFEST);
  if (!fs.existsSync(file))
    throw new BackupError(`${archive} is not a complete backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(await fsp.readFile(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`${file}: unknown format.`);
  return manifest;
}

export interface BackupOptions {
  dataDir: string;
  /** Directory in which the backup directory is made. */
  outDir: string;
  /** PostgreSQL site: no database dump (pg_dump's job), media and secret only. */
  postgres?: boolean;
  now?: Date;
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
}

/** Takes a backup of DATA_DIR (see the top of this file). */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const stamp = (options.now ?? new Date())
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const final = path.join(options.outDir, `atelier-backup-${stamp}`);
  if (fs.existsSync(final)) throw new BackupError(`${final} already exists.`);
  const work = `${final}.partial`;
  await fsp.rm(work, { recursive: true, force: true });
  await fsp.mkdir(work, { recursive: true, mode: 0o700 });
  try {
    let database: Manifest['database'] = null;
    let source: Manifest['source'] = 'none';
    let mediaKeys: string[] = [];
    if (!options.postgres) {
      const file = path.join(work, DUMP_FILE);
      await withEmbeddedSource(options.dataDir, async ({ via, lines }) => {
        source = via === 'archive' ? 'directory' : via;
        let start: Extract<DumpLine, { t: 'start' }> | undefined;
        let end: Extract<DumpLine, { t: 'end' }> | undefined;
        const gzip = zlib.createGzip();
        const out = fs.createWriteStream(file, { mode: 0o600 });
        const written = pipeline(gzip, out);
        for await (const line of lines) {
          if (line.t === 'start') start = line;
          if (line.t === 'end') end = line;
          if (!gzip.write(`${JSON.stringify(line)}\n`))
            await new Promise((r) => gzip.once('drain', r));
        }
        gzip.end();
        await written;
        if (!start || !end)
          throw new BackupError('The dump ended early (no end line): the backup is incomplete.');
        const hash = await hashFile(file);
        database = { file: DUMP_FILE, ...hash, migrations: start.migrations, tables: end.stats };
        mediaKeys = end.mediaKeys;
      });
    }
    // Media after the snapshot: files are immutable once written, so every file the dump refers
    // to is already complete on disk. Files written during the backup are copied if the walk
    // finds them (their rows are not in the dump: harmless extra files).
    const files = await copyTree(mediaRoot(options.dataDir), path.join(work, 'media'));
    const present = new Set(files.map((f) => f.path));
    const missing = mediaKeys.filter((k) => !present.has(k));
    let authSecret = false;
    const secret = path.join(options.dataDir, AUTH_SECRET_FILE);
    if (fs.existsSync(secret)) {
      await fsp.copyFile(secret, path.join(work, AUTH_SECRET_FILE));
      await fsp.chmod(path.join(work, AUTH_SECRET_FILE), 0o600);
      authSecret = true;
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      source,
      database,
      media: { files, missing },
      authSecret,
    };
    await fsp.writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await fsp.rename(work, final);
    return { dir: final, manifest };
  } catch (err) {
    await fsp.rm(work, { recursive: true, force: true });
    throw err;
  }
}

/** sha256 and size of a file. */
export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Copies every regular file under `from` to `to`, hashing as it goes; [] when `from` is absent. */
async function copyTree(from: string, to: string, base = from): Promise<MediaEntry[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: MediaEntry[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) {
      out.push(...(await copyTree(src, dst, base)));
    } else if (entry.isFile()) {
      await fsp.mkdir(to, { recursive: true });
      const hash = crypto.createHash('sha256');
      let bytes = 0;
      try {
        await pipeline(
          fs.createReadStream(src),
          new Transform({
            transform(chunk: Buffer, _enc, done) {
              hash.update(chunk);
              bytes += chunk.length;
              done(null, chunk);
            },
          }),
          fs.createWriteStream(dst, { flags: 'wx' }),
        );
      } catch (err) {
        // Removed between the listing and the copy (its post was deleted meanwhile).
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
          await fsp.rm(dst, { force: true });
          continue;
        }
        throw err;
      }
      out.push({
        path: path.relative(base, src).split(path.sep).join('/'),
        bytes,
        sha256: hash.digest('hex'),
      });
    }
  }
  return out;
}

/** Checks every media file of the archive against the manifest before anything is restored. */
async function verifyArchiveMedia(archive: string, manifest: Manifest): Promise<void> {
  const bad: string[] = [];
  for (const f of manifest.media.files) {
    const file = path.join(archive, 'media', ...f.path.split('/'));
    const hash = fs.existsSync(file) ? await hashFile(file) : undefined;
    if (!hash || hash.sha256 !== f.sha256) bad.push(f.path);
  }
  if (bad.length)
    throw new BackupError(
      `The backup is damaged: media files missing or altered: ${bad.slice(0, 10).join(', ')}${bad.length > 10 ? ` and ${bad.length - 10} more` : ''}.`,
    );
}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  force?: boolean;
  /** PostgreSQL site: restore the media (and secret) only. */
  postgres?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  load: LoadResult | null;
  mediaFiles: number;
  authSecret: boolean;
}

/** Opens PGlite in `dir` (already locked by the caller) and runs the migrations. */
async function openLockedPglite(dir: string): Promise<{ db: Db; close(): Promise<void> }> {
  const client = await openDurablePglite(dir);
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(client, { schema }) as unknown as Db;
  try {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder });
  } catch (err) {
    await client.close();
    throw err;
  }
  return { db, close: () => client.close() };
}

/**
 * Restores a backup into DATA_DIR: refused while a process holds DATA_DIR/db, and when the
 * database or the media folder holds anything unless `force` (which deletes them first).
 * Everything in the archive is checked before the first change; after the load, every table's
 * count and checksum, and every media file's sha256, are checked again.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const manifest = await readManifest(options.archive);
  if (manifest.database && options.postgres) {
    throw new BackupError(
      "This backup holds an embedded database and DATABASE_URL is set: move it to PostgreSQL with `npm run migrate-to-postgres -- --from <backup> --to <DATABASE_URL>` (restore the media with DATABASE_URL unset, or copy the backup's media/ folder).",
      2,
    );
  }
  const archived = manifest.database ? await archiveSource(options.archive) : undefined;
  await verifyArchiveMedia(options.archive, manifest);

  const dir = dbDir(options.dataDir);
  let lock: DataDirLock | undefined;
  if (!options.postgres) {
    try {
      lock = acquireDataDirLock(dir);
    } catch (err) {
      if (err instanceof DataDirLockedError)
        throw new BackupError(
          `${dir} is in use by process ${err.pid} (the server?). Stop it, then restore.`,
          2,
        );
      throw err;
    }
  }
  try {
    const media = mediaRoot(options.dataDir);
    const dbEntries = lock ? fs.readdirSync(dir).filter((n) => n !== LOCK_FILE) : [];
    const mediaFiles = await listFiles(media);
    if (dbEntries.length || mediaFiles.length) {
      const what = [
        dbEntries.length && dir,
        mediaFiles.length && `${media} (${mediaFiles.length} files)`,
      ]
        .filter(Boolean)
        .join(' and ');
      if (!options.force)
        throw new BackupError(
          `${what} not empty: restore into an empty DATA_DIR, or add --force to replace what is there.`,
          2,
        );
      for (const name of dbEntries)
        await fsp.rm(path.join(dir, name), { recursive: true, force: true });
      await fsp.rm(media, { recursive: true, force: true });
    }

    let load: LoadResult | null = null;
    if (archived && lock) {
      const target = await openLockedPglite(dir);
      try {
        load = await loadDump(target.db, archived.source.lines);
      } finally {
        await target.close();
      }
    }

    for (const f of manifest.media.files) {
      const from = path.join(options.archive, 'media', ...f.path.split('/'));
      const to = path.join(media, ...f.path.split('/'));
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await fsp.copyFile(from, to, fs.constants.COPYFILE_EXCL);
      const hash = await hashFile(to);
      if (hash.sha256 !== f.sha256)
        throw new BackupError(`${to}: the copy differs from the backup.`);
    }
    if (manifest.authSecret) {
      const to = path.join(options.dataDir, AUTH_SECRET_FILE);
      await fsp.copyFile(path.join(options.archive, AUTH_SECRET_FILE), to);
      await fsp.chmod(to, 0o600);
    }
    return {
      manifest,
      load,
      mediaFiles: manifest.media.files.length,
      authSecret: manifest.authSecret,
    };
  } finally {
    lock?.release();
  }
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Refuses a target PostgreSQL database holding any table (ours or not). */
export async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') order by 1 limit 5`,
    );
    if (rows.length) {
      throw new BackupError(
        `The target database is not empty (it has ${rows.map((r) => r.name).join(', ')}…). Use a new, empty database.`,
        2,
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Copies a site into an empty PostgreSQL database: migrations run there, every table copied in
 * foreign-key order in batches, sequences reset, every table's count and checksum and every
 * counter checked (loadDump), all in one transaction on the target.
 */
export async function migrateToPostgres(
  source: Source,
  url: string,
  onProgress?: (table: string, rows: number) => void,
): Promise<LoadResult> {
  await assertEmptyPostgres(url);
  const target = await openDatabase({ url, migrate: true });
  try {
    return await loadDump(target.db, source.lines, onProgress);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new BackupError(
      `${why}\nNothing was copied (one transaction), but the target now holds the schema: drop and recreate it before trying again.`,
    );
  } finally {
    await target.close();
  }
}
