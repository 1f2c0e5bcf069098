/**
 * Bulk data for the benchmark, made with `generate_series` in a few statements: 3,000 members,
 * 50 tags, 100,000 posts over the five sections (two tags each), exactly 1,000,000 post likes
 * (1 to 19 per post, more on one post), 2,000 status updates; then every counter is recounted
 * (demo/counters.ts) and the tables analysed. One member can sign in: BENCH_EMAIL / BENCH_PASSWORD.
 * `generate(db, { posts })` makes fewer or more posts (and their likes, about ten per post), the
 * rest the same: `npm run bench -- --scale` compares 1,000 with 100,000.
 */
import { sql, type SQL } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../src/db/client.ts';
import { counterDrift, recountCounters } from '../src/demo/counters.ts';
import { queryRows } from '../src/lib/sql.ts';

export const BENCH_EMAIL = 'bench1@bench.atelier.local';
export const BENCH_PASSWORD = 'bench-password-2026';

export const sizes = {
  users: 3_000,
  tags: 50,
  posts: 100_000,
  statusUpdates: 2_000,
};

/** The likes `generate` makes for `posts` posts: 1 + p % 19 for post p, 26 for post 1. */
export function likesFor(posts: number): number {
  let likes = 0;
  for (let p = 0; p < posts; p += 1) likes += p === 1 ? 26 : 1 + (p % 19);
  return likes;
}

export interface Generated {
  /** Milliseconds per step. */
  steps: Record<string, number>;
  totalMs: number;
  rows: Record<string, number>;
  /** A published post in General with tags and likes, for GET /api/posts/:id. */
  postId: string;
}

const body = `Some **Markdown** with a [link](https://example.com) and a list:

- lighthouses, rain and trains;
- a second item.

> Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.`;

/** A valid (version 4 shaped) uuid derived from a text, so rows can refer to each other. */
const uuidOf = (text: SQL) =>
  sql`overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

export async function generate(
  db: Db,
  { posts = sizes.posts }: { posts?: number } = {},
): Promise<Generated> {
  const steps: Record<string, number> = {};
  const started = Date.now();
  const step = async (name: string, run: () => Promise<unknown>) => {
    const t0 = Date.now();
    await run();
    steps[name] = Date.now() - t0;
  };
  const { users, tags, statusUpdates } = sizes;

  await step('users', async () => {
    await db.execute(sql`
      insert into "user" (id, username, email, email_verified, roles, displayed_role, bio, created_at, updated_at, claims_modified_at)
      select 'bench-' || i, 'bench_' || i, 'bench' || i || '@bench.atelier.local', true, '{member}', 'member',
        'Benchmark member number ' || i, now() - interval '120 days', now() - interval '120 days', now() - interval '120 days'
      from generate_series(1, ${users}) i`);
    await db.execute(sql`
      insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
      values ('bench-account-1', 'bench-1', 'credential', 'bench-1', ${await hashPassword(BENCH_PASSWORD)}, now(), now())`);
  });

  await step('tags', () =>
    db.execute(sql`
      insert into tags (id, labels, type)
      select ${uuidOf(sql`'tag' || k`)},
        jsonb_build_object('en', 'Tag ' || k, 'ko', '태그 ' || k, 'fr', 'Étiquette ' || k, 'es', 'Etiqueta ' || k), 'general'
      from generate_series(0, ${tags - 1}) k`),
  );

  // Post p: section p % 5, author p % users, tags p % 50 and (7p + 3) % 50 (never the same),
  // one post every 25 seconds going back ~29 days.
  await step('posts', () =>
    db.execute(sql`
      insert into posts (id, author_id, section_slug, title, body, provenance, tools, tag_ids, like_count, created_at)
      select ${uuidOf(sql`'post' || p`)},
        'bench-' || (p % ${users} + 1),
        (array['fakes', 'writing', 'ai-art', 'general', 'feedback'])[p % 5 + 1],
        'Benchmark post number ' || p,
        ${body},
        (array['human', 'aiAssisted', 'aiGenerated', 'composite', 'fake'])[(p / 5) % 5 + 1],
        'generate_series',
        array[${uuidOf(sql`'tag' || (p % ${tags})`)}, ${uuidOf(sql`'tag' || ((7 * p + 3) % ${tags})`)}],
        case when p = 1 then 26 else 1 + p % 19 end,
        now() - p * interval '25 seconds' - interval '1 minute'
      from generate_series(0, ${posts - 1}) p`),
  );

  await step('postTags', () =>
    db.execute(sql`
      insert into post_tags (post_id, tag_id, section_slug, created_at)
      select id, unnest(tag_ids), section_slug, created_at from posts`),
  );

  // Post p gets 1 + p % 19 likes (its like_count above; the recount below checks it) (post 1 gets 26)
  // from distinct members: likesFor(posts), 1,000,000 for 100,000 posts.
  await step('likes', () =>
    db.execute(sql`
      insert into post_likes (target_id, user_id, created_at)
      select ${uuidOf(sql`'post' || p`)}, 'bench-' || ((7 * p + j) % ${users} + 1),
        least(now(), now() - p * interval '25 seconds' + j * interval '1 minute')
      from generate_series(0, ${posts - 1}) p
      cross join lateral generate_series(0, case when p = 1 then 25 else p % 19 end) j`),
  );

  await step('statusUpdates', () =>
    db.execute(sql`
      insert into status_updates (author_id, content, created_at)
      select 'bench-' || (s % ${users} + 1), 'Benchmark status update number ' || s, now() - s * interval '5 minutes'
      from generate_series(1, ${statusUpdates}) s`),
  );

  await step('counters', () => db.transaction((tx) => recountCounters(tx)));
  await step('vacuumAnalyze', () => db.execute(sql`vacuum analyze`));

  const drift = await counterDrift(db);
  if (drift.length) throw new Error(`Counters drifted after generation: ${JSON.stringify(drift)}`);

  const [rows] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from "user") as users, (select count(*)::int from tags) as tags,
      (select count(*)::int from posts) as posts, (select count(*)::int from post_tags) as "postTags",
      (select count(*)::int from post_likes) as likes, (select count(*)::int from status_updates) as "statusUpdates"`,
  );
  // The newest General post with at least 10 likes.
  const [post] = await queryRows<{ id: string }>(
    db,
    sql`select id from posts where section_slug = 'general' and like_count >= 10 order by created_at desc limit 1`,
  );
  if (!post) throw new Error('No post to read');
  return { steps, totalMs: Date.now() - started, rows: rows ?? {}, postId: post.id };
}

export interface IndexProbe {
  name: string;
  query: string;
  /** The plan's nodes, top-down, e.g. "Limit → Index Only Scan (posts_section_new_idx)". */
  plan: string;
  /** True when the rows are sorted at query time instead of read in index order. */
  sorts: boolean;
  /** True when PostgreSQL compiled the query with JIT. */
  jit: boolean;
  ms: number;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * EXPLAIN ANALYZE of the list queries the pages rely on, written the plain way (ORDER BY … DESC)
 * and in the indexes' own order (DESC NULLS LAST), to show whether an index serves the order.
 */
export async function probeIndexes(db: Db): Promise<IndexProbe[]> {
  const general = "section_slug = 'general' and state = 'published'";
  const tag = `overlay(overlay(md5('tag3') placing '4' from 13) placing '8' from 17)::uuid`;
  const latest = (order: string) =>
    `select s.slug, p.id from sections s left join lateral (select id from posts where section_slug = s.slug and state = 'published' order by ${order} limit 1) p on true`;
  const queries: [string, string][] = [
    ['home: each section with its latest post', latest('created_at desc, id desc')],
    [
      'home: each section with its latest post, NULLS LAST',
      latest('created_at desc nulls last, id desc nulls last'),
    ],
    [
      'section, newest first',
      `select id from posts where ${general} order by created_at desc, id desc limit 20`,
    ],
    [
      'section, newest first, NULLS LAST',
      `select id from posts where ${general} order by created_at desc nulls last, id desc nulls last limit 20`,
    ],
    [
      'section, most liked',
      `select id from posts where ${general} order by like_count desc, created_at desc, id desc limit 20`,
    ],
    [
      'section, most liked, NULLS LAST',
      `select id from posts where ${general} order by like_count desc nulls last, created_at desc nulls last, id desc nulls last limit 20`,
    ],
    [
      'section and tag, newest first',
      `select post_id from post_tags where tag_id = ${tag} and section_slug = 'general' order by created_at desc, post_id desc limit 20`,
    ],
    [
      'status updates, newest first',
      'select id from status_updates order by created_at desc, id desc limit 10',
    ],
    [
      'status updates, newest first, NULLS LAST',
      'select id from status_updates order by created_at desc nulls last, id desc nulls last limit 10',
    ],
  ];
  const out: IndexProbe[] = [];
  for (const [name, query] of queries) {
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql.raw(`explain (analyze, format json) ${query}`),
    );
    const raw = row ? Object.values(row)[0] : undefined;
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
      [{ Plan: PlanNode; 'Execution Time': number; JIT?: unknown }] | undefined;
    const top = parsed?.[0];
    const nodes: string[] = [];
    let sorts = false;
    const walk = (node: PlanNode) => {
      if (node['Node Type'].includes('Sort')) sorts = true;
      nodes.push(
        node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type'],
      );
      for (const child of node.Plans ?? []) walk(child);
    };
    if (top) walk(top.Plan);
    out.push({
      name,
      query,
      plan: nodes.join(' → '),
      sorts,
      jit: top?.JIT !== undefined,
      ms: top?.['Execution Time'] ?? NaN,
    });
  }
  return out;
}
