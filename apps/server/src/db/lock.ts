/**
 * A lock file for the embedded database directory. PGlite has no lock of its own, and two
 * processes writing the same directory corrupt it, so every opener (the server, the admin CLI)
 * takes `<dir>/atelier.lock` first.
 *
 * The file is created with O_EXCL and holds the owner's pid, the boot id and the process start
 * time (Linux), so a lock left by a process that died — even when its pid was reused since, as
 * happens in containers — is recognised as stale and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'atelier.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `${displayPath(dir)} is in use by process ${pid}. Stop that process first, or set DATA_DIR to another directory.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly dir: string;
  readonly file: string;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

interface Owner {
  pid: number;
  bootId?: string;
  startTime?: string;
}

/** Locks held by this process, so a second open in the same process is refused too. */
const held = new Map<string, DataDirLock>();

/**
 * Takes the lock on `dir` (created if missing) or throws DataDirLockedError when a live
 * process holds it. A stale lock (its process is gone) is taken over.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  const absolute = path.resolve(dir);
  fs.mkdirSync(absolute, { recursive: true });
  const file = path.join(absolute, LOCK_FILE);
  const mine = currentOwner();
  const existing = held.get(file);
  if (existing) throw new DataDirLockedError(absolute, mine.pid);

  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, mine)) return remember(absolute, file, mine);
    const owner = readOwner(file);
    if (owner && isAlive(owner)) throw new DataDirLockedError(absolute, owner.pid);
    takeOverStale(file, owner);
  }
  const owner = readOwner(file);
  throw new DataDirLockedError(absolute, owner?.pid ?? -1);
}

function remember(dir: string, file: string, mine: Owner): DataDirLock {
  const lock: DataDirLock = {
    dir,
    file,
    release() {
      if (held.get(file) !== lock) return;
      held.delete(file);
      const owner = readOwner(file);
      if (owner && sameOwner(owner, mine)) fs.rmSync(file, { force: true });
    },
  };
  held.set(file, lock);
  return lock;
}

// A process that exits without closing its database (process.exit, a fatal error) still
// removes its lock files; a SIGKILL leaves them, and the next opener takes them over.
process.on('exit', () => {
  for (const lock of held.values()) lock.release();
});

function tryCreate(file: string, owner: Owner): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    fs.writeSync(fd, `${JSON.stringify(owner)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * Removes a stale lock. A second file guards the removal so that two processes finding the same
 * stale lock cannot both remove it and then both create their own.
 */
function takeOverStale(file: string, stale: Owner | undefined): void {
  const guard = `${file}.takeover`;
  try {
    fs.writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another process is taking over right now; a guard older than 10 s was left by a crash.
    const age = Date.now() - (safeStat(guard)?.mtimeMs ?? Date.now());
    if (age > 10_000) fs.rmSync(guard, { force: true });
    return;
  }
  try {
    const now = readOwner(file);
    const unchanged = (!now && !stale) || (now && stale && sameOwner(now, stale));
    if (unchanged) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

function readOwner(file: string): Owner | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Owner>;
    if (typeof parsed.pid === 'number') return parsed as Owner;
  } catch {
    const pid = Number.parseInt(text, 10);
    if (Number.isInteger(pid) && pid > 0) return { pid };
  }
  return undefined;
}

function sameOwner(a: Owner, b: Owner): boolean {
  return a.pid === b.pid && a.bootId === b.bootId && a.startTime === b.startTime;
}

function isAlive(owner: Owner): boolean {
  const mine = currentOwner();
  if (owner.bootId && mine.bootId && owner.bootId !== mine.bootId) return false;
  if (owner.pid === mine.pid) {
    // Our own pid: a lock from an earlier life of this pid (containers reuse pid 1) unless we
    // hold it, which `held` already refused.
    return owner.startTime !== undefined && owner.startTime === mine.startTime;
  }
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const startTime = processStartTime(owner.pid);
  if (owner.startTime && startTime && owner.startTime !== startTime) return false;
  return true;
}

let ownerCache: Owner | undefined;
function currentOwner(): Owner {
  ownerCache ??= {
    pid: process.pid,
    bootId: readText('/proc/sys/kernel/random/boot_id'),
    startTime: processStartTime(process.pid),
  };
  return ownerCache;
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), Linux only. */
function processStartTime(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function safeStat(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : dir;
}
