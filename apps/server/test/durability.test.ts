/**
 * Acknowledged writes survive a crash. The real server (a separate process) takes a stream of
 * registrations over HTTP, a few at a time; after about 40 acknowledgements (201) it is killed
 * with SIGKILL while requests are still in flight. It is started again on the same data (the
 * stale lock of the killed process is taken over), stopped with SIGTERM, and the database is
 * opened directly: every acknowledged address must be in table "user".
 *
 * Runs on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { user } from '../src/db/schema/index.ts';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  spawnServer,
  testDatabaseUrl,
  type ServerProcess,
} from './helpers.ts';

const ACKNOWLEDGED_BEFORE_KILL = 40;
const CONCURRENCY = 4;
const password = 'Lantern-orchard-47-quietly';

interface Target {
  name: string;
  /** Extra server environment (DATABASE_URL for PostgreSQL). */
  env: () => Promise<Record<string, string>>;
  open: (dataDir: string) => ReturnType<typeof openDatabase>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function targets(): Target[] {
  const list: Target[] = [
    {
      name: 'PGlite',
      env: () => Promise.resolve({}),
      open: (dataDir) => openDatabase({ dataDir: path.join(dataDir, 'db'), migrate: false }),
    },
  ];
  const adminUrl = testDatabaseUrl;
  if (adminUrl) {
    let url: string | undefined;
    list.push({
      name: 'PostgreSQL',
      env: async () => {
        url = await createPostgresDatabase(adminUrl);
        const created = url;
        cleanups.push(() => dropPostgresDatabase(adminUrl, created));
        return { DATABASE_URL: created };
      },
      open: () => openDatabase({ url: url!, migrate: false }),
    });
  }
  return list;
}

async function register(
  server: ServerProcess,
  n: number,
): Promise<{ email: string; status: number }> {
  const email = `crash-${n}@example.org`;
  const res = await fetch(`${server.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ username: `crash_${n}`, email, password }),
  });
  await res.arrayBuffer();
  return { email, status: res.status };
}

describe.each(targets())('acknowledged writes survive SIGKILL ($name)', (target) => {
  it(`keeps every acknowledged registration (${target.name})`, { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-durability-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, RATE_LIMIT_SCALE: '0', ...(await target.env()) };

    const first = await spawnServer(env);
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let next = 0;
    let killed = false;

    const worker = async () => {
      while (!killed) {
        const n = next++;
        let result;
        try {
          result = await register(first, n);
        } catch {
          // The connection died with the process: this write was never acknowledged.
          if (killed) return;
          throw new Error(`request ${n} failed before the kill`);
        }
        if (result.status === 201) acknowledged.push(result.email);
        else if (!killed) refused.push(`${result.email}: ${result.status}`);
        if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && !killed) {
          killed = true;
          first.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(await first.exited).toBe('SIGKILL');
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    if (target.name === 'PGlite')
      expect(fs.existsSync(path.join(dataDir, 'db/atelier.lock'))).toBe(true);

    // Restart on the same data: the killed process's lock is stale and taken over.
    const second = await spawnServer(env);
    const health = await fetch(`${second.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    // The database takes writes again after recovery.
    const after = await register(second, next + 1000);
    expect(after.status).toBe(201);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = await target.open(dataDir);
    try {
      const emails = [...acknowledged, after.email];
      const rows = await database.db
        .select({ email: user.email })
        .from(user)
        .where(inArray(user.email, emails));
      const found = new Set(rows.map((r) => r.email));
      expect(emails.filter((e) => !found.has(e))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
