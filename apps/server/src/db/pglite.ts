/**
 * PGlite with real durability. Out of the box PGlite starts Postgres with `-F` (fsync off), and
 * even with fsync on, its Node filesystem turns every fsync/fdatasync into a no-op. Here:
 * - Postgres runs with `fsync=on` and `wal_sync_method=fsync` (fdatasync has no hook in the
 *   WASM runtime; fsync does);
 * - the Node filesystem gets an `fsync` that calls the real `fs.fsyncSync`, so each commit's
 *   WAL reaches the disk before the commit is acknowledged;
 * - a freshly created directory (initdb writes without syncing) is synced once, file by file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from '../config.ts';

type InitResult = Awaited<ReturnType<NodeFS['init']>>;
type EmscriptenMod = InitResult['emscriptenOpts'] extends Partial<infer M> ? M : never;
interface NodeFsStream {
  nfd: number;
}

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Partial<EmscriptenMod>): Promise<InitResult> {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: EmscriptenMod) => {
        const ops = (mod.NODEFS as unknown as { stream_ops: Record<string, unknown> }).stream_ops;
        ops.fsync = (stream: NodeFsStream) => {
          fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/** PGlite's start parameters without `-F`, with fsync through a hook that works in WASM. */
export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'synchronous_commit=on',
];

/**
 * Opens PGlite in `dir` (a directory, or 'memory://'), optionally from a data dir tarball.
 * PostgreSQL's buffer cache lives inside PGlite's WASM memory and is never given back: at
 * PostgreSQL's default of 128 MB it was most of an idle server's memory. The embedded site reads
 * through the operating system's file cache anyway, so a small cache costs little.
 */
export async function openDurablePglite(
  dir: string,
  loadDataDir?: Blob,
  sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS,
): Promise<PGlite> {
  // Search (migration 0010_search) needs these; CREATE EXTENSION in the migration finds them loaded.
  const options: PGliteOptions = { extensions: { unaccent, pg_trgm } };
  if (loadDataDir) options.loadDataDir = loadDataDir;
  const buffers = ['-c', `shared_buffers=${sharedBuffers}`];
  if (dir.includes('://'))
    return PGlite.create(dir, {
      ...options,
      startParams: [...PGlite.defaultStartParams, ...buffers],
    });

  fs.mkdirSync(dir, { recursive: true });
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  const client = await PGlite.create({
    ...options,
    fs: new DurableNodeFS(dir),
    startParams: [...durableStartParams, ...buffers],
  });
  if (fresh) syncTree(dir);
  return client;
}

/** fsync every file and directory under `dir` (what initdb does unless told --no-sync). */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(dir);
}

function syncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
