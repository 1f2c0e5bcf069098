/**
 * The real app for the benchmark, in its own process: a fresh database (BENCH_DATABASE: a PGlite
 * directory or a postgres:// URL), the bulk data of generate.ts (BENCH_POSTS posts, 100,000 by
 * default), then `buildApp` + listen on PORT. BENCH_COLD=1 turns the node's payload and session
 * caches off: every request runs all its statements, session included.
 * Prints one line `BENCH_READY {json}` when it answers; SIGTERM closes it.
 */
import fs from 'node:fs';
import http from 'node:http';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { sql } from 'drizzle-orm';
import { benchConfig } from './common.ts';
import { generate, probeIndexes } from './generate.ts';

const target = process.env.BENCH_DATABASE;
const port = process.env.PORT;
if (!target || !port) throw new Error('BENCH_DATABASE and PORT are required');

const posts = process.env.BENCH_POSTS ? Number(process.env.BENCH_POSTS) : undefined;
const cold = process.env.BENCH_COLD === '1';
const { config, dataDir } = benchConfig(
  port,
  'atelier-bench-data-',
  cold ? { PAYLOAD_CACHE_TTL_MS: '0', SESSION_CACHE_TTL_MS: '0' } : {},
);

/**
 * Statements the app has run (Drizzle's logger; transaction control and the dispatcher's claims
 * of domain events left out, as in test/statement-counter.ts), read by bench/run.ts through a
 * tiny HTTP server of its own: the statements per request of each endpoint.
 */
let statements = 0;
const housekeeping = /^\s*(begin|commit|rollback)\b|domain_events/i;
const openStarted = Date.now();
const database = await openDatabase({
  url: target,
  logger: {
    logQuery: (query) => {
      if (!housekeeping.test(query)) statements += 1;
    },
  },
});
const migrateMs = Date.now() - openStarted;
const generated = await generate(database.db, { posts });
// The post page with 200 comments (from members, a minute apart), and a rare word for search.
const COMMENTS = 200;
await database.db.execute(sql`
  insert into comments (post_id, author_id, body, created_at)
  select ${generated.postId}, u.id, 'A comment about lighthouses, number ' || g,
         now() - interval '1 day' + g * interval '1 minute'
  from generate_series(1, ${COMMENTS}) g
  join lateral (select id from "user" order by id offset (g * 7) % 2000 limit 1) u on true`);
await database.db.execute(
  sql`update posts set comment_count = comment_count + ${COMMENTS}, title = title || ' with a zeppelin' where id = ${generated.postId}`,
);
await database.db.execute(sql`analyze comments`);
await database.db.execute(sql`analyze posts`);
const probes = await probeIndexes(database.db);
const app = await buildApp({ config, database });
await app.listen({ host: config.HOST, port: config.PORT });
const counter = http.createServer((_req, res) => res.end(String(statements)));
await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
const counterAddress = counter.address();
const counterPort = typeof counterAddress === 'object' && counterAddress ? counterAddress.port : 0;
process.stdout.write(
  `BENCH_READY ${JSON.stringify({ kind: database.kind, migrateMs, ...generated, probes, counterPort, comments: COMMENTS })}\n`,
);

process.on('SIGTERM', () => {
  void (async () => {
    counter.close();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
