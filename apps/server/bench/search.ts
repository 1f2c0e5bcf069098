/**
 * `npm run bench:search` (not a test): the search query's plan and time at 100k posts.
 *
 * Fills a fresh database with bench/generate.ts (100,000 posts, every one with "lighthouses" in its
 * body), gives one post the rare word "zeppelin", then for a word in every post, the rare word, a
 * three-letter prefix and a one-letter query prints EXPLAIN ANALYZE of the posts query and the
 * timings of the whole search (the service, as GET /api/search runs it). Prints; asserts nothing.
 *
 * Database: BENCH_DATABASE (a postgres:// URL — a fresh database `atelier_search_bench_*` is created
 * on that server and dropped afterwards — or a PGlite directory); default: PGlite in a temp dir.
 * Options: --runs <n> (50).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { searchQuerySchema } from '@atelier/shared';
import { openDatabase, isPostgresUrl } from '../src/db/client.ts';
import { search, searchPostsSql } from '../src/features/search/service.ts';
import { textQuery } from '../src/features/search/query.ts';
import { queryRows } from '../src/lib/sql.ts';
import { generate, sizes } from './generate.ts';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 50;
const log = (line: string) => process.stdout.write(`${line}\n`);

const target = process.env.BENCH_DATABASE;
let url: string;
let cleanup: () => Promise<void>;
if (isPostgresUrl(target)) {
  const name = `atelier_search_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: target });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(target);
  u.pathname = `/${name}`;
  url = u.toString();
  cleanup = async () => {
    const c = new pg.Client({ connectionString: target });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
} else {
  url = target ?? fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-search-bench-'));
  cleanup = () => {
    if (!target) fs.rmSync(url, { recursive: true, force: true });
    return Promise.resolve();
  };
}

const database = await openDatabase({ url });
try {
  log(`Database: ${database.kind}; generating ${sizes.posts.toLocaleString('en')} posts…`);
  const generated = await generate(database.db);
  log(
    `Generated in ${(generated.totalMs / 1000).toFixed(1)} s (posts: ${generated.steps.posts} ms)`,
  );
  await database.db.execute(
    sql`update posts set title = title || ' with a zeppelin' where id = ${generated.postId}`,
  );
  await database.db.execute(sql`analyze posts`);
  const [viewer] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from "user" order by id limit 1`,
  );
  if (!viewer) throw new Error('no user');

  for (const q of ['lighthouses', 'zeppelin', 'lig', 'a']) {
    log(`\n=== q=${JSON.stringify(q)} ===`);
    const { tsquery } = textQuery(q);
    if (tsquery && q.length >= 2) {
      const plan = await queryRows<Record<string, string>>(
        database.db,
        sql`explain (analyze, buffers) ${searchPostsSql(tsquery, {}, [], null, 21)}`,
      );
      for (const line of plan) log(Object.values(line)[0] ?? '');
    } else {
      log('(below the minimum length: answered without a query)');
    }
    const query = searchQuerySchema.parse({ q });
    const times: number[] = [];
    let posts = 0;
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      const result = await search(database.db, query, viewer.id, 'en');
      times.push(performance.now() - t0);
      posts = result.posts.length;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
    log(
      `search(): ${posts} posts; ${runs} runs: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`,
    );
  }
} finally {
  await database.close();
  await cleanup();
}
