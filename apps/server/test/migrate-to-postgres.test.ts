/**
 * `npm run migrate-to-postgres` (src/backup/): the demo site copied from PGlite into an empty
 * PostgreSQL database; every table's count and contents and every counter checked; the same
 * pages answer the same JSON on both databases; a non-empty target refused. Needs
 * TEST_DATABASE_URL (a PostgreSQL server); skipped otherwise.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BackupError, databaseSource, migrateToPostgres } from '../src/backup/operations.ts';
import type { LoadResult } from '../src/backup/dump.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { counterDrift } from '../src/demo/counters.ts';
import { DEMO_EMAIL_DOMAIN, seedDemo } from '../src/demo/seed.ts';
import { queryRows } from '../src/lib/sql.ts';
import { tableContents, tempDir } from './backup-helpers.ts';
import { relaxedAuthLimits, request, signIn } from './factories.ts';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  migratedSnapshot,
  testDatabaseUrl,
  type TestApp,
} from './helpers.ts';

if (!testDatabaseUrl) {
  process.stdout.write(
    'migrate-to-postgres.test.ts: skipped — set TEST_DATABASE_URL=postgres://… to run it against a PostgreSQL server.\n',
  );
}

describe.skipIf(!testDatabaseUrl)('migrate-to-postgres', () => {
  const adminUrl = testDatabaseUrl ?? '';
  const dataDir = tempDir('atelier-migrate-');
  let source: Database;
  let targetUrl: string;
  let target: Database;
  let password: string;
  let result: LoadResult;

  beforeAll(async () => {
    // The source is PGlite (in memory, migrated), whatever TEST_DATABASE_URL says.
    source = await openDatabase({
      url: 'memory://',
      loadDataDir: await migratedSnapshot(),
      migrate: false,
    });
    const seeded = await seedDemo(source.db, { dataDir });
    password = seeded.password ?? '';
    targetUrl = await createPostgresDatabase(adminUrl);
    result = await migrateToPostgres(databaseSource(source.db), targetUrl);
    target = await openDatabase({ url: targetUrl, migrate: false });
  }, 300_000);

  afterAll(async () => {
    await target?.close();
    await source?.close();
    if (targetUrl) await dropPostgresDatabase(adminUrl, targetUrl);
  });

  it('copies every row, and every counter matches', async () => {
    expect(result.tables.length).toBeGreaterThan(20);
    for (const t of result.tables) expect(t.actual, t.table).toEqual(t.expected);
    expect(result.tables.find((t) => t.table === 'posts')?.actual.rows).toBeGreaterThan(5);
    expect(await tableContents(target.db)).toEqual(await tableContents(source.db));
    expect(await counterDrift(target.db)).toEqual([]);
    // Sequences follow the copied rows: the next id is above every copied one.
    const sequenced = result.start.tables.flatMap((t) => t.sequenced.map((c) => [t.name, c]));
    expect(sequenced.length).toBeGreaterThan(0);
    for (const [table, column] of sequenced) {
      const [row] = await queryRows<{ max: number | null; next: number }>(
        target.db,
        sql.raw(
          `select (select max("${column}") from public."${table}")::int as max, nextval(pg_get_serial_sequence('public."${table}"', '${column}'))::int as next`,
        ),
      );
      expect(row?.next, `${table}.${column}`).toBeGreaterThan(row?.max ?? 0);
    }
  });

  it('answers the same JSON on both databases', async () => {
    const apps = await Promise.all([appOn(source), appOn(target)]);
    try {
      const email = `mina.park@${DEMO_EMAIL_DOMAIN}`;
      const pages = async (t: TestApp) => {
        const cookie = await signIn(t, email, password);
        const get = async (url: string) => {
          const res = await request(t, { method: 'GET', url, cookie });
          expect(res.statusCode, url).toBe(200);
          return res.json<unknown>();
        };
        const home = (await get('/api/home')) as Record<string, unknown>;
        const sections = await get('/api/sections');
        const posts = (await get('/api/sections/general/posts')) as {
          items?: { id: string; commentCount?: number; author?: { id: string } }[];
        };
        // The most commented post, for a page with comments too.
        const first = [...(posts.items ?? [])].sort(
          (a, b) => (b.commentCount ?? 0) - (a.commentCount ?? 0),
        )[0];
        const post = first ? await get(`/api/posts/${first.id}`) : null;
        const comments = first ? await get(`/api/posts/${first.id}/comments`) : null;
        const profile = first?.author ? await get(`/api/users/${first.author.id}`) : null;
        return { home, sections, posts, post, comments, profile };
      };
      const onPglite = await pages(apps[0]);
      const onPostgres = await pages(apps[1]);
      expect(onPglite.post).not.toBeNull();
      expect(onPglite.profile).not.toBeNull();
      expect(onPostgres).toEqual(onPglite);
    } finally {
      await Promise.all(apps.map((t) => t.app.close()));
    }
  }, 120_000);

  it('refuses a target that is not empty', async () => {
    const err = await migrateToPostgres(databaseSource(source.db), targetUrl).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BackupError);
    expect((err as BackupError).message).toMatch(/not empty/);
  });

  async function appOn(database: Database): Promise<TestApp> {
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      { RATE_LIMITS: relaxedAuthLimits },
    );
    const app = await buildApp({ config, database });
    await app.ready();
    return { app, database, config, dataDir, close: () => app.close() };
  }
});
