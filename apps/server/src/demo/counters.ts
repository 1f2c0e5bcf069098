/**
 * Every denormalised counter of the community, recounted from the rows it counts. Used at the end
 * of the demo seed and of the benchmark's bulk generation (one `UPDATE … FROM (SELECT count…)` per
 * counter), and by tests to prove that no counter drifted.
 *
 * What each counter counts (the same rules the services keep up to date in their transactions):
 * - posts: likes, comments not deleted + comment replies, views (one row per viewer and day);
 * - comments: likes, replies; comment replies: likes;
 * - status updates: likes, replies; status replies: likes;
 * - sections and tags: published posts;
 * - users: published posts, comments not deleted + comment replies written, and the likes received
 *   on posts, on comments and comment replies, on status updates and status replies;
 * - site_counters: 'comments' (as on posts) and 'statusUpdates'.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { queryRows } from '../lib/sql.ts';

export interface CounterSpec {
  /** `table.column`, for messages. */
  name: string;
  table: string;
  column: string;
  /** The table's key column. */
  key: string;
  /** A query returning `id` (the key) and `n` (the true count) for every row of the table. */
  source: string;
}

const countOf = (table: string, key: string, child: string, fk: string, where = 'true'): string =>
  `select t.${key} as id, count(c.${fk})::int as n from ${table} t left join ${child} c on c.${fk} = t.${key} and ${where} group by t.${key}`;

/**
 * A user's likes received in a conversation: the likes (`[likeTable, table]`) of their items
 * plus those of their replies.
 */
function likesReceived(
  column: string,
  items: readonly [string, string],
  replies: readonly [string, string],
): CounterSpec {
  const received = ([likes, table]: readonly [string, string]) =>
    `select i.author_id, count(*) as n from ${likes} l join ${table} i on i.id = l.target_id group by i.author_id`;
  return {
    name: `user.${column}`,
    table: '"user"',
    column,
    key: 'id',
    source: `select u.id, (coalesce(a.n, 0) + coalesce(b.n, 0))::int as n from "user" u
      left join (${received(items)}) a on a.author_id = u.id
      left join (${received(replies)}) b on b.author_id = u.id`,
  };
}

export const counterSpecs: readonly CounterSpec[] = [
  {
    name: 'posts.like_count',
    table: 'posts',
    column: 'like_count',
    key: 'id',
    source: countOf('posts', 'id', 'post_likes', 'target_id'),
  },
  {
    name: 'posts.comment_count',
    table: 'posts',
    column: 'comment_count',
    key: 'id',
    source: `select p.id, (
        (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null)
        + (select count(*) from comment_replies r where r.post_id = p.id)
      )::int as n from posts p`,
  },
  {
    name: 'posts.view_count',
    table: 'posts',
    column: 'view_count',
    key: 'id',
    source: countOf('posts', 'id', 'post_views', 'post_id'),
  },
  {
    name: 'comments.like_count',
    table: 'comments',
    column: 'like_count',
    key: 'id',
    source: countOf('comments', 'id', 'comment_likes', 'target_id'),
  },
  {
    name: 'comments.reply_count',
    table: 'comments',
    column: 'reply_count',
    key: 'id',
    source: countOf('comments', 'id', 'comment_replies', 'comment_id'),
  },
  {
    name: 'comment_replies.like_count',
    table: 'comment_replies',
    column: 'like_count',
    key: 'id',
    source: countOf('comment_replies', 'id', 'comment_reply_likes', 'target_id'),
  },
  {
    name: 'status_updates.like_count',
    table: 'status_updates',
    column: 'like_count',
    key: 'id',
    source: countOf('status_updates', 'id', 'status_update_likes', 'target_id'),
  },
  {
    name: 'status_updates.reply_count',
    table: 'status_updates',
    column: 'reply_count',
    key: 'id',
    source: countOf('status_updates', 'id', 'status_update_replies', 'status_id'),
  },
  {
    name: 'status_update_replies.like_count',
    table: 'status_update_replies',
    column: 'like_count',
    key: 'id',
    source: countOf('status_update_replies', 'id', 'status_update_reply_likes', 'target_id'),
  },
  {
    name: 'sections.post_count',
    table: 'sections',
    column: 'post_count',
    key: 'slug',
    source: countOf('sections', 'slug', 'posts', 'section_slug', "c.state = 'published'"),
  },
  {
    name: 'tags.post_count',
    table: 'tags',
    column: 'post_count',
    key: 'id',
    source: `select t.id, count(p.id)::int as n from tags t
      left join post_tags pt on pt.tag_id = t.id
      left join posts p on p.id = pt.post_id and p.state = 'published'
      group by t.id`,
  },
  {
    name: 'user.post_count',
    table: '"user"',
    column: 'post_count',
    key: 'id',
    source: countOf('"user"', 'id', 'posts', 'author_id', "c.state = 'published'"),
  },
  {
    name: 'user.comment_count',
    table: '"user"',
    column: 'comment_count',
    key: 'id',
    source: `select u.id, (
        coalesce((select count(*) from comments c where c.author_id = u.id and c.deleted_at is null), 0)
        + coalesce((select count(*) from comment_replies r where r.author_id = u.id), 0)
      )::int as n from "user" u`,
  },
  {
    name: 'user.post_like_count',
    table: '"user"',
    column: 'post_like_count',
    key: 'id',
    source: `select u.id, coalesce(s.n, 0)::int as n from "user" u left join (
        select p.author_id, count(*) as n from post_likes l join posts p on p.id = l.target_id group by p.author_id
      ) s on s.author_id = u.id`,
  },
  likesReceived(
    'comment_like_count',
    ['comment_likes', 'comments'],
    ['comment_reply_likes', 'comment_replies'],
  ),
  likesReceived(
    'status_update_like_count',
    ['status_update_likes', 'status_updates'],
    ['status_update_reply_likes', 'status_update_replies'],
  ),
];

/** The site counters and the query that gives each one's true value. */
export const siteCounterSources: Readonly<Record<string, string>> = {
  comments:
    'select (select count(*) from comments where deleted_at is null) + (select count(*) from comment_replies)',
  statusUpdates: 'select count(*) from status_updates',
};

/** Sets every counter to its recount: one UPDATE per counter, plus the site counters. */
export async function recountCounters(tx: Tx): Promise<void> {
  for (const spec of counterSpecs) {
    await tx.execute(
      sql.raw(
        `update ${spec.table} t set ${spec.column} = s.n from (${spec.source}) s where t.${spec.key} = s.id and t.${spec.column} is distinct from s.n`,
      ),
    );
  }
  for (const [name, source] of Object.entries(siteCounterSources)) {
    await tx.execute(
      sql`insert into site_counters (name, value) values (${name}, (${sql.raw(source)})) on conflict (name) do update set value = excluded.value`,
    );
  }
}

export interface CounterDrift {
  counter: string;
  /** Rows whose stored value differs from the recount. */
  rows: number;
}

/** Counters whose stored values differ from a recount (empty when everything is exact). */
export async function counterDrift(tx: Tx): Promise<CounterDrift[]> {
  const drift: CounterDrift[] = [];
  for (const spec of counterSpecs) {
    const [row] = await queryRows<{ rows: number }>(
      tx,
      sql.raw(
        `select count(*)::int as rows from ${spec.table} t join (${spec.source}) s on t.${spec.key} = s.id where t.${spec.column} is distinct from s.n`,
      ),
    );
    if (row && row.rows > 0) drift.push({ counter: spec.name, rows: row.rows });
  }
  for (const [name, source] of Object.entries(siteCounterSources)) {
    const [row] = await queryRows<{ stored: string | null; actual: string }>(
      tx,
      sql`select (select value from site_counters where name = ${name})::text as stored, (${sql.raw(source)})::text as actual`,
    );
    if (!row || row.stored !== row.actual)
      drift.push({ counter: `site_counters.${name}`, rows: 1 });
  }
  return drift;
}
