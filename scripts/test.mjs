#!/usr/bin/env node
/**
 * `npm test`: says which database and live fan-out this run uses, then runs every Vitest project
 * (packages/shared, apps/server, apps/web) from the root config and exits with Vitest's code.
 * Arguments are passed on: `npm test -- apps/server/test/runtime.test.ts`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

const { TEST_DATABASE_URL, TEST_REDIS_URL } = process.env;
console.log(
  TEST_DATABASE_URL
    ? `Database: PostgreSQL at ${redact(TEST_DATABASE_URL)} (a fresh database per test app; tests of the embedded database itself still use PGlite)`
    : 'Database: PGlite (embedded) — set TEST_DATABASE_URL to also run on PostgreSQL',
);
console.log(
  TEST_REDIS_URL
    ? `Live fan-out: Redis at ${redact(TEST_REDIS_URL)}`
    : 'Live fan-out: in-process — set TEST_REDIS_URL to also run with Redis',
);

const vitest = path.join(
  path.dirname(createRequire(path.join(root, 'package.json')).resolve('vitest/package.json')),
  'vitest.mjs',
);
const child = spawn(
  process.execPath,
  [vitest, 'run', '--config', path.join(root, 'vitest.config.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    // Plain text when the output goes to a file or CI, so the closing summary line
    // ("Tests  N passed (N)") can be read as it is.
    env:
      process.stdout.isTTY || process.env.FORCE_COLOR
        ? process.env
        : { ...process.env, NO_COLOR: '1' },
  },
);
// Ctrl-C reaches Vitest directly (same process group); a SIGTERM sent to us is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
