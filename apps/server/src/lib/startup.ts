/** The start shared by the server process and the CLIs: the configuration, then the database. */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, repoRoot, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';

/** Ends the process with `message` on stderr and exit code `code` (1 unless given). */
export type Fail = (message: string, code?: number) => never;

/** The CLIs' `Fail`: the message alone on stderr. */
export const cliFail: Fail = (message, code = 1) => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

/**
 * Settings from `<repo>/.env` when it exists (a variable set in the environment, even empty,
 * wins), then the configuration; a bad configuration ends the process through `fail`.
 */
export function loadConfigOrFail(fail: Fail): Config {
  try {
    const envFile = path.join(repoRoot, '.env');
    if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
    return loadConfig();
  } catch (err) {
    return fail((err as Error).message);
  }
}

/** Where a CLI's database is, for its messages: DATABASE_URL, else the PGlite directory. */
export const databaseWhere = (config: Config): string =>
  config.DATABASE_URL ? 'DATABASE_URL' : path.join(config.DATA_DIR, 'db');

/**
 * Opens the server's database for a CLI; when the server holds the data directory lock, says so
 * (exit code 2) and asks to stop it and run `rerun` again.
 */
export async function openCliDatabase(
  config: Config,
  fail: Fail,
  rerun: string,
): Promise<Database> {
  const where = databaseWhere(config);
  try {
    return await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.DATA_DIR, 'db'),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      fail(
        `The database in ${where} is in use, probably by the running server (process ${err.pid}).\nStop the server, run ${rerun} again, then start the server.`,
        2,
      );
    }
    return fail(`Cannot open the database (${where}): ${(err as Error).message}`);
  }
}
