/**
 * The demo seed: what it creates, that every counter equals its recount, that a demo member signs
 * in with the password made for this seeding (random, not the old constant), that a new password
 * replaces it, and that a second run changes nothing. When demo data may be added (never under
 * NODE_ENV=production without DEMO=yes-public-demo): demo-policy.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterDrift } from '../src/demo/counters.ts';
import {
  isDatabaseEmpty,
  isDemoSeeded,
  newDemoPassword,
  seedDemo,
  type SeedResult,
} from '../src/demo/seed.ts';
import { queryRows } from '../src/lib/sql.ts';
import { cookieFrom, createAuthTestApp, request, send } from './factories.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let first: SeedResult;

const countRows = async (table: string): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return row?.n ?? -1;
};

const tables = [
  '"user"',
  'account',
  'tags',
  'posts',
  'post_tags',
  'media',
  'post_views',
  'comments',
  'comment_replies',
  'status_updates',
  'status_update_replies',
  'post_likes',
  'comment_likes',
  'comment_reply_likes',
  'status_update_likes',
  'status_update_reply_likes',
];

/** Every table's row count and every counter column, to compare two states. */
async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = await countRows(table);
  out.counters = await queryRows(
    t.database.db,
    sql`select
      (select json_agg(json_build_object('id', id, 'l', like_count, 'c', comment_count, 'v', view_count) order by id) from posts) as posts,
      (select json_agg(json_build_object('s', slug, 'n', post_count) order by slug) from sections) as sections,
      (select json_agg(json_build_object('id', id, 'n', post_count) order by id) from tags) as tags,
      (select json_agg(json_build_object('id', id, 'p', post_count, 'c', comment_count, 'pl', post_like_count, 'cl', comment_like_count, 'sl', status_update_like_count) order by id) from "user") as users,
      (select json_agg(json_build_object('n', name, 'v', value) order by name) from site_counters) as site`,
  );
  return out;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  expect(await isDatabaseEmpty(t.database.db)).toBe(true);
  first = await seedDemo(t.database.db, { dataDir: t.dataDir });
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('demo seed', () => {
  it('fills the site with members, tags, posts, comments, status updates, likes and images', async () => {
    expect(first.seeded).toBe(true);
    expect(await isDemoSeeded(t.database.db)).toBe(true);
    expect(await isDatabaseEmpty(t.database.db)).toBe(false);
    expect(await countRows('"user"')).toBeGreaterThanOrEqual(12);
    expect(await countRows('tags')).toBeGreaterThanOrEqual(25);
    expect(await countRows('posts')).toBeGreaterThanOrEqual(40);
    expect(await countRows('status_updates')).toBeGreaterThanOrEqual(20);
    expect(await countRows('comments')).toBeGreaterThan(20);
    expect(await countRows('comment_replies')).toBeGreaterThan(5);
    expect(await countRows('status_update_replies')).toBeGreaterThan(5);
    expect(await countRows('post_likes')).toBeGreaterThan(40);
    expect(await countRows('media')).toBeGreaterThan(3);

    const [mix] = await queryRows<{
      sections: number;
      languages: number;
      roles: string[];
      moderators: number;
      unverified: number;
      parents: number;
    }>(
      t.database.db,
      sql`select
        (select count(distinct section_slug)::int from posts) as sections,
        (select count(distinct language)::int from "user") as languages,
        (select array_agg(distinct r) from "user", unnest(roles) r) as roles,
        (select count(*)::int from "user" where 'moderator' = any(roles) and username = 'demo-mod') as moderators,
        (select count(*)::int from "user" where not email_verified or email not like '%@demo.atelier.local') as unverified,
        (select count(*)::int from tags where cardinality(parents) > 0) as parents`,
    );
    expect(mix?.sections).toBe(5);
    expect(mix?.languages).toBe(4);
    expect(mix?.moderators).toBe(1);
    expect(mix?.unverified).toBe(0);
    expect(mix?.parents).toBeGreaterThan(5);
    expect(mix?.roles).toEqual(
      expect.arrayContaining(['member', 'moderator', 'probation-writer', 'advanced-writer']),
    );

    // Timestamps over the last 60 days, none in the future.
    const [span] = await queryRows<{ oldest: number; future: number }>(
      t.database.db,
      sql`select extract(epoch from now() - min(created_at)) / 86400 as oldest,
        (select count(*)::int from posts where created_at > now()) + (select count(*)::int from comments where created_at > now()) as future
        from posts`,
    );
    expect(Number(span?.oldest)).toBeGreaterThan(20);
    expect(Number(span?.oldest)).toBeLessThanOrEqual(60);
    expect(span?.future).toBe(0);

    // Images are on disk where the media rows say.
    const files = await queryRows<{ key: string; thumbnail_key: string }>(
      t.database.db,
      sql`select key, thumbnail_key from media`,
    );
    for (const f of files) {
      expect(fs.existsSync(path.join(t.dataDir, 'media', f.key))).toBe(true);
      expect(fs.existsSync(path.join(t.dataDir, 'media', f.thumbnail_key))).toBe(true);
    }
  });

  it('leaves every counter equal to its recount', async () => {
    expect(await counterDrift(t.database.db)).toEqual([]);
    // A few totals checked independently of the recount queries.
    const [totals] = await queryRows<{
      post_likes: number;
      sum_post_likes: number;
      sections: number;
      posts: number;
      likes_received: number;
      all_likes: number;
    }>(
      t.database.db,
      sql`select
        (select count(*)::int from post_likes) as post_likes,
        (select sum(like_count)::int from posts) as sum_post_likes,
        (select sum(post_count)::int from sections) as sections,
        (select count(*)::int from posts) as posts,
        (select sum(post_like_count + comment_like_count + status_update_like_count)::int from "user") as likes_received,
        (select (select count(*) from post_likes) + (select count(*) from comment_likes) + (select count(*) from comment_reply_likes)
          + (select count(*) from status_update_likes) + (select count(*) from status_update_reply_likes))::int as all_likes`,
    );
    expect(totals?.sum_post_likes).toBe(totals?.post_likes);
    expect(totals?.sections).toBe(totals?.posts);
    expect(totals?.likes_received).toBe(totals?.all_likes);
    const [site] = await queryRows<{ value: string }>(
      t.database.db,
      sql`select value::text from site_counters where name = 'statusUpdates'`,
    );
    expect(Number(site?.value)).toBe(await countRows('status_updates'));
  });

  it('lets a demo member sign in with the random password of this seeding, never the old constant', async () => {
    const password = first.password ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(password).not.toBe('atelier-demo-2026');
    // Stored only as hashes.
    const [stored] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from account where password = ${password} or password like ${`%${password}%`}`,
    );
    expect(stored?.n).toBe(0);
    await send(
      t,
      null,
      'POST /api/auth/sign-in/email',
      { email: 'demo-mod@demo.atelier.local', password: 'atelier-demo-2026' },
      401,
    );

    const res = await send(
      t,
      null,
      'POST /api/auth/sign-in/email',
      { email: 'mina.park@demo.atelier.local', password },
      200,
    );
    const cookie = cookieFrom(res);
    const me = await request(t, { method: 'GET', url: '/api/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'mina.park',
      roles: ['advanced-writer'],
      hasAccess: true,
      emailVerified: true,
    });

    await send(
      t,
      null,
      'POST /api/auth/sign-in/email',
      { email: 'mina.park@demo.atelier.local', password: 'not-the-demo-password' },
      401,
    );
  });

  it('is served by the community endpoints as it is stored', async () => {
    const cookie = cookieFrom(
      await request(t, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'camille.durand@demo.atelier.local', password: first.password },
      }),
    );
    const home = await request(t, { method: 'GET', url: '/api/home', cookie });
    expect(home.statusCode).toBe(200);
    const data = home.json<{
      sections: { slug: string; postCount: number; lastPost: unknown }[];
      statusUpdates: unknown[];
      stats: { members: number; posts: number; comments: number; statusUpdates: number };
    }>();
    expect(data.stats).toEqual({
      members: first.users,
      posts: first.posts,
      comments: first.comments + first.commentReplies,
      statusUpdates: first.statusUpdates,
    });
    expect(data.sections.every((s) => s.postCount > 0 && s.lastPost)).toBe(true);
    expect(data.statusUpdates.length).toBeGreaterThan(0);

    const [withImages] = await queryRows<{ id: string; n: number }>(
      t.database.db,
      sql`select post_id as id, count(*)::int as n from media group by post_id order by n desc limit 1`,
    );
    const post = await request(t, { method: 'GET', url: `/api/posts/${withImages?.id}`, cookie });
    expect(post.statusCode).toBe(200);
    const body = post.json<{ media: { url: string; thumbnailUrl: string }[]; tags: string[] }>();
    expect(body.media).toHaveLength(withImages?.n ?? -1);
    expect(body.tags.length).toBeGreaterThan(0);
    const image = await request(t, { method: 'GET', url: body.media[0]!.thumbnailUrl });
    expect(image.statusCode).toBe(200);

    const comments = await request(t, {
      method: 'GET',
      url: `/api/posts/${withImages?.id}/comments`,
      cookie,
    });
    expect(comments.statusCode).toBe(200);
    const feed = await request(t, { method: 'GET', url: '/api/status-updates', cookie });
    expect(feed.statusCode).toBe(200);
  });

  it('gives every demo member a new password on request; the old one stops working', async () => {
    const signIn = (email: string, password: string | null) =>
      request(t, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
    const session = cookieFrom(await signIn('demo-mod@demo.atelier.local', first.password));
    const next = await newDemoPassword(t.database.db);
    expect(next).toBeTruthy();
    expect(next).not.toBe(first.password);
    expect((await signIn('demo-mod@demo.atelier.local', first.password)).statusCode).toBe(401);
    expect((await signIn('demo-mod@demo.atelier.local', next)).statusCode).toBe(200);
    expect((await signIn('mina.park@demo.atelier.local', next)).statusCode).toBe(200);
    // Sessions opened with the old password end.
    expect((await request(t, { method: 'GET', url: '/api/me', cookie: session })).statusCode).toBe(
      401,
    );
    first = { ...first, password: next };
  });

  it('changes nothing when run twice', async () => {
    const before = await snapshot();
    const again = await seedDemo(t.database.db, { dataDir: t.dataDir });
    expect(again.seeded).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
