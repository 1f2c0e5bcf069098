/**
 * Demo data only on request: never under NODE_ENV=production unless DEMO=yes-public-demo (whatever
 * SEED_DEMO says), for the first start of the real server as for `npm run demo`; the demo password
 * is random, shown once in the log, and signs in.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { demoRefusal, mayAddDemoOnFirstStart } from '../src/demo/first-start.ts';
import { isDatabaseEmpty } from '../src/demo/seed.ts';
import { useTempDirs } from './context.ts';
import { spawnServer } from './helpers.ts';

const tempDir = useTempDirs('atelier-demo-policy-');

const configOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env });

describe('when demo data may be added', () => {
  it('never under NODE_ENV=production without DEMO=yes-public-demo, whatever SEED_DEMO says', () => {
    for (const SEED_DEMO of ['true', '1', '']) {
      const prod = configOf({ NODE_ENV: 'production', SEED_DEMO });
      expect(mayAddDemoOnFirstStart(prod, 'pglite')).toBe(false);
      expect(demoRefusal(prod)).toMatch(/DEMO=yes-public-demo/);
    }
    const optIn = configOf({ NODE_ENV: 'production', DEMO: 'yes-public-demo' });
    expect(mayAddDemoOnFirstStart(optIn, 'pglite')).toBe(true);
    expect(demoRefusal(optIn)).toBeUndefined();
    // SEED_DEMO=false still wins; PostgreSQL is never seeded at start.
    expect(
      mayAddDemoOnFirstStart(
        configOf({ NODE_ENV: 'production', DEMO: 'yes-public-demo', SEED_DEMO: 'false' }),
        'pglite',
      ),
    ).toBe(false);
    expect(mayAddDemoOnFirstStart(optIn, 'postgres')).toBe(false);
    // Development keeps its lively first start.
    expect(mayAddDemoOnFirstStart(configOf({ NODE_ENV: 'development' }), 'pglite')).toBe(true);
    expect(mayAddDemoOnFirstStart(configOf({}), 'pglite')).toBe(true);
  });

  it('a DEMO value other than the exact opt-in is a configuration error', () => {
    for (const DEMO of ['true', 'yes', '1', 'YES-PUBLIC-DEMO']) {
      expect(() => configOf({ NODE_ENV: 'production', DEMO })).toThrow(
        /DEMO: must be "yes-public-demo"/,
      );
    }
  });
});

/** Counts the users of the embedded database of a stopped server. */
async function usersIn(dataDir: string): Promise<boolean> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    return !(await isDatabaseEmpty(database.db));
  } finally {
    await database.close();
  }
}

describe('the real server on a new embedded database', () => {
  it('NODE_ENV=production with SEED_DEMO=true creates no demo account', async () => {
    const dataDir = tempDir();
    const server = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    const signIn = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: 'demo-mod@demo.atelier.local', password: 'atelier-demo-2026' }),
    });
    expect(signIn.status).toBe(401);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output.join('\n')).toMatch(/no demo data/);
    expect(await usersIn(dataDir)).toBe(false);
  }, 60_000);

  it('with DEMO=yes-public-demo it seeds, logs a random password once, and that password signs in', async () => {
    const dataDir = tempDir();
    const server = await spawnServer({
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO: 'yes-public-demo',
    });
    try {
      const lines = server.output.filter((l) => /with the password /.test(l));
      expect(lines).toHaveLength(1);
      // A child process created the database and its demo data, then exited (lib/first-start.ts):
      // the server that answers below is another process, which opened the finished directory.
      expect((JSON.parse(lines[0]!) as { pid: number }).pid).not.toBe(server.proc.pid);
      const password = /with the password (\S+)/.exec(lines[0]!)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(password).not.toBe('atelier-demo-2026');
      const signIn = (pw: string) =>
        fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.baseUrl },
          body: JSON.stringify({ email: 'demo-mod@demo.atelier.local', password: pw }),
        });
      expect((await signIn(password)).status).toBe(200);
      expect((await signIn('atelier-demo-2026')).status).toBe(401);
    } finally {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);
});

describe('npm run demo', () => {
  it('refuses under NODE_ENV=production without the opt-in, before opening the database', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/demo.ts'], {
      cwd: path.join(repoRoot, 'apps/server'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: 'true',
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Refused: .*DEMO=yes-public-demo/);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  }, 60_000);
});
