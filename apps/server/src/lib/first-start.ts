/**
 * The first start of a brand-new embedded database runs in a child process: creating the database
 * (the migrations, their indexes) and the demo data (images drawn by sharp, password hashes) grows
 * PGlite's WASM memory and glibc's malloc arenas, and a process never gives that memory back. The
 * child builds the directory and exits; the server then opens it like any restart, and holds about
 * 100 MB less for as long as it runs (docs/operations.md, Memory).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/** Set in the child's environment: prepare the data directory, then exit. */
export const PREPARE_ONLY_ENV = 'ATELIER_PREPARE_DATA_DIR';

/** Whether this process is the child preparing a new data directory. */
export const isPreparingChild = (): boolean => process.env[PREPARE_ONLY_ENV] === '1';

/** The embedded database's directory under DATA_DIR. */
export const embeddedDbDir = (config: Pick<Config, 'DATA_DIR'>): string =>
  path.join(config.DATA_DIR, 'db');

/** Whether the server is about to create its embedded database (PGlite, nothing on disk yet). */
export function needsFirstStart(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): boolean {
  return !config.DATABASE_URL && !fs.existsSync(path.join(embeddedDbDir(config), 'PG_VERSION'));
}

/**
 * Runs this same program as a child that creates the database and, when allowed, adds the demo
 * data; resolves once it exited cleanly, rejects with its exit code otherwise. Its log lines go to
 * the same output as the server's.
 */
export function prepareInChild(): Promise<void> {
  const entry = process.argv[1];
  if (!entry) return Promise.reject(new Error('no program to run'));
  const child = fork(entry, process.argv.slice(2), {
    env: { ...process.env, [PREPARE_ONLY_ENV]: '1' },
    stdio: 'inherit',
  });
  // A stop asked for while the child works stops the child, then this process (exit code below).
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
  for (const s of signals) process.on(s, forward);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      if (code === 0) resolve();
      else reject(new Error(`the process creating it ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

/** The child's work: open (and so migrate) the new directory, add the demo data, close it. */
export async function prepareDataDir(config: Config): Promise<void> {
  const database = await openDatabase({
    dataDir: embeddedDbDir(config),
    sharedBuffers: config.PGLITE_SHARED_BUFFERS,
  });
  try {
    if (config.SEED_DEMO) {
      const { seedDemoOnFirstStart } = await import('../demo/first-start.ts');
      await seedDemoOnFirstStart(database, config, pino({ level: config.LOG_LEVEL }));
    }
  } finally {
    await database.close();
  }
}
