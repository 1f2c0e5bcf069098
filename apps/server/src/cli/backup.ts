/**
 * `npm run backup`, `npm run restore -- <backup>`, `npm run migrate-to-postgres -- --to <url>`
 * (see docs/operations.md). The library is in src/backup/.
 */
import path from 'node:path';
import { isPostgresUrl } from '../db/client.ts';
import type { LoadResult } from '../backup/dump.ts';
import {
  archiveSource,
  BackupError,
  createBackup,
  migrateToPostgres,
  restoreBackup,
  withEmbeddedSource,
} from '../backup/operations.ts';
import { cliFail as fail, loadConfigOrFail } from '../lib/startup.ts';

const usage = `Usage:
  npm run backup [-- --out <dir>]                 back up DATA_DIR (database, media, auth secret)
  npm run restore -- <backup dir> [--force]       restore a backup into DATA_DIR (server stopped)
  npm run migrate-to-postgres -- --to <url> [--from <backup dir>]
                                                  copy the embedded database into an empty PostgreSQL database`;

const out = (line: string) => process.stdout.write(`${line}\n`);

// npm runs workspace scripts in apps/server; paths on the command line are the user's.
const userCwd = process.env.INIT_CWD ?? process.cwd();
const resolvePath = (p: string) => path.resolve(userCwd, p);

const [command, ...args] = process.argv.slice(2);
if (!command || args.includes('--help') || args.includes('-h')) {
  out(usage);
  process.exit(command ? 0 : 64);
}

function option(name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith('--')) fail(`${name} needs a value.\n${usage}`, 64);
  args.splice(i, 2);
  return value;
}
function flag(name: string): boolean {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
}

const config = loadConfigOrFail(fail);

function summary(load: LoadResult): void {
  const rows = load.tables.map((t) => [
    t.table,
    String(t.expected.rows),
    String(t.actual.rows),
    t.expected.checksum === t.actual.checksum ? 'same' : 'DIFFERENT',
  ]);
  const head = ['table', 'source rows', 'copied rows', 'contents'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  out(fmt(head));
  out(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((r) => out(fmt(r)));
  const total = load.tables.reduce((n, t) => n + t.actual.rows, 0);
  out(
    `${load.tables.length} tables, ${total} rows: counts and contents match. Counters: ${
      load.drift.length
        ? `${load.drift.length} already differed from a recount in the source (${load.drift.map((d) => d.counter).join(', ')}), copied as they were`
        : 'every counter matches a recount'
    }.`,
  );
}

try {
  if (command === 'backup') {
    const outDir = resolvePath(option('--out') ?? '.');
    if (args.length) fail(usage, 64);
    const postgres = isPostgresUrl(config.DATABASE_URL);
    if (postgres) {
      out(
        "DATABASE_URL is set: back up the database with pg_dump (or your provider's backups). This backup holds the media folder and the auth secret only.",
      );
    }
    const { dir, manifest } = await createBackup({ dataDir: config.DATA_DIR, outDir, postgres });
    if (manifest.database) {
      const rows = Object.values(manifest.database.tables).reduce((n, t) => n + t.rows, 0);
      out(
        `Database: ${Object.keys(manifest.database.tables).length} tables, ${rows} rows (${manifest.source === 'server' ? 'dumped by the running server' : 'read from the stopped data directory'}).`,
      );
    }
    out(
      `Media: ${manifest.media.files.length} files.${manifest.authSecret ? ' Auth secret included (keep this backup private).' : ''}`,
    );
    if (manifest.media.missing.length)
      out(
        `Warning: ${manifest.media.missing.length} media files the database refers to were missing: ${manifest.media.missing.slice(0, 5).join(', ')}`,
      );
    out(`Backup written to ${dir}`);
  } else if (command === 'restore') {
    const force = flag('--force');
    const [archive, ...rest] = args;
    if (!archive || rest.length) fail(usage, 64);
    const result = await restoreBackup({
      archive: resolvePath(archive),
      dataDir: config.DATA_DIR,
      force,
      postgres: isPostgresUrl(config.DATABASE_URL),
    });
    if (result.load) summary(result.load);
    out(`Media: ${result.mediaFiles} files restored, each checked against its sha256.`);
    if (result.authSecret)
      out(`Auth secret restored into ${path.join(config.DATA_DIR, 'auth-secret')}.`);
    out(`Restored into ${config.DATA_DIR}. Start the server.`);
  } else if (command === 'migrate-to-postgres') {
    const to = option('--to');
    const from = option('--from');
    if (!to || !isPostgresUrl(to) || args.length)
      fail(`--to postgres://… is required.\n${usage}`, 64);
    const progress = (table: string, rows: number) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${table}: ${rows} rows   `);
    };
    const run = async (source: Parameters<typeof migrateToPostgres>[0]) => {
      out(
        `Copying from ${source.via === 'server' ? 'the running server' : source.via === 'archive' ? from : path.join(config.DATA_DIR, 'db')}…`,
      );
      const load = await migrateToPostgres(source, to, progress);
      if (process.stderr.isTTY) process.stderr.write('\n');
      summary(load);
    };
    if (from) await run((await archiveSource(resolvePath(from))).source);
    else await withEmbeddedSource(config.DATA_DIR, run);
    out(
      'Done. Stop the server if it runs, set DATABASE_URL to the new database (and AUTH_SECRET to the content of DATA_DIR/auth-secret if it is not set), then start. Media stay in DATA_DIR/media.',
    );
  } else {
    fail(usage, 64);
  }
} catch (err) {
  if (err instanceof BackupError) fail(err.message, err.exitCode);
  fail(`Failed: ${(err as Error).message}`);
}
