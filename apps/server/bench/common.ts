/** What the benchmark scripts share: their numeric options and the app's configuration. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config.ts';

export { freePort } from '../test/support/free-port.ts';

/**
 * The value of `--name <n>` or `--name=<n>` among `args` (`fallback` without it); anything but a
 * positive number (a positive integer with `integer`) throws.
 */
export function numberOption(
  args: string[],
  name: string,
  fallback: number,
  { integer = false } = {},
): number {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  const raw = args[i]?.includes('=') ? args[i]?.split('=')[1] : args[i + 1];
  const value = Number(raw);
  if (integer) {
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`--${name} needs a positive integer`);
  } else if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`--${name} needs a positive number`);
  }
  return value;
}

/**
 * The configuration of a benchmarked app listening on 127.0.0.1:`port`, with a fresh data
 * directory in the temp dir (named after `prefix`) and no rate limits: the simulated users write
 * far faster than any person.
 */
export function benchConfig(
  port: string,
  prefix: string,
  env: Record<string, string> = {},
): { config: Config; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: port,
    BASE_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
    RATE_LIMIT_SCALE: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ...env,
  });
  return { config, dataDir };
}
