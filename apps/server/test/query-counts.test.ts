/**
 * No N+1: the home page, the section list, the post page, a profile, a user's posts and search
 * run the same number of SQL statements whatever the number of items (counted with the database's Drizzle logger), and
 * their post lists are served by indexes (EXPLAIN with sequential scans disabled).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeData, Notification, Page, PostSummary } from '@atelier/shared';
import { media } from '../src/db/schema/index.ts';
import { useAuthApp } from './context.ts';
import {
  createMember,
  createUser,
  request,
  type TestUser,
  relaxedWriteLimits,
} from './factories.ts';
import { newPost, newTag } from './post-factories.ts';
import { isHousekeeping, settle } from './statement-counter.ts';
import { explain } from './plans.ts';

let statements = 0;
let logged: { query: string; params: unknown[] }[] = [];
let viewer: TestUser;
const small: { author?: TestUser; posts: string[] } = { posts: [] };
const large: { author?: TestUser; posts: string[] } = { posts: [] };

async function addMedia(uploaderId: string, postId: string, count: number) {
  await t.database.db.insert(media).values(
    Array.from({ length: count }, (_, i) => ({
      uploaderId,
      postId,
      position: i,
      kind: 'image' as const,
      key: `posts/${crypto.randomUUID()}.webp`,
      thumbnailKey: null,
      mime: 'image/webp',
      bytes: 1000,
      width: 10,
      height: 10,
    })),
  );
}

// A few shared users write far more here than a person would: write limits off (rate-limits.test.ts tests them).
const t = useAuthApp(
  { RATE_LIMITS: relaxedWriteLimits() },
  {
    logger: {
      logQuery: (query, params) => {
        if (!isHousekeeping(query)) statements += 1;
        logged.push({ query, params });
      },
    },
  },
);
beforeAll(async () => {
  viewer = await createMember(t);
  const tags = [await newTag(t, 'Counted one'), await newTag(t, 'Counted two')];
  small.author = await createUser(t, { roles: ['advanced-writer'] });
  large.author = await createUser(t, { roles: ['advanced-ai-artist'] });
  for (const [set, section, n] of [
    [small, 'writing', 2],
    [large, 'ai-art', 30],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const post = await newPost(t, set.author!, { section, tags, title: `Post ${i}` });
      set.posts.push(post.id);
      await addMedia(set.author!.id, post.id, 2);
      if (i % 2 === 0)
        await request(t, {
          method: 'PUT',
          url: `/api/posts/${post.id}/like`,
          cookie: viewer.cookie,
        });
    }
  }
  // The post pages: 2 media against 10, liked or not.
  await addMedia(large.author.id, large.posts[0]!, 8);
  await t.database.db.execute(sql`analyze`);
}, 120_000);

/**
 * Statements run by one request (after a warm-up request of the same kind; `cold`: instead, with
 * the payload and session caches emptied). Pending domain events are dispatched first: their
 * dispatch drops the cached payloads they touched, so dispatching them after the warm-up would
 * empty what the warm-up cached.
 */
async function count(
  url: string,
  {
    warmUp = viewer,
    reader = viewer,
    cold = false,
  }: { warmUp?: TestUser; reader?: TestUser; cold?: boolean } = {},
): Promise<{ n: number; status: number; body: unknown }> {
  await settle(t);
  if (cold) {
    t.app.payloads.apply({ kind: 'all' });
    t.app.sessionCache.apply({ kind: 'all' });
  } else {
    await request(t, { method: 'GET', url, cookie: warmUp.cookie });
    await settle(t);
  }
  statements = 0;
  const res = await request(t, { method: 'GET', url, cookie: reader.cookie });
  return { n: statements, status: res.statusCode, body: res.json() };
}

describe('bounded queries', () => {
  it('section list: the same with 2 and 30 posts', async () => {
    const a = await count('/api/sections/writing/posts?limit=50');
    const b = await count('/api/sections/ai-art/posts?limit=50');
    expect((a.body as Page<PostSummary>).items).toHaveLength(2);
    expect((b.body as Page<PostSummary>).items).toHaveLength(30);
    expect(
      (b.body as Page<PostSummary>).items.every(
        (p) => p.cover && p.mediaCount >= 2 && p.tags.length === 2,
      ),
    ).toBe(true);
    expect(b.n).toBe(a.n);
    const top = await count('/api/sections/ai-art/posts?limit=50&sort=top');
    expect(top.n).toBe(a.n);
  });

  it('post page: the same with 2 and 10 media', async () => {
    const a = await count(`/api/posts/${small.posts[1]}`);
    const b = await count(`/api/posts/${large.posts[0]}`);
    expect(a.status).toBe(200);
    expect((b.body as { media: unknown[] }).media).toHaveLength(10);
    expect(b.n).toBe(a.n);
  });

  it('user posts: the same with 2 and 30 posts', async () => {
    const a = await count(`/api/users/${small.author!.id}/posts?limit=50`);
    expect(a.status).toBe(200);
    const b = await count(`/api/users/${large.author!.id}/posts?limit=50`);
    expect((a.body as Page<PostSummary>).items).toHaveLength(2);
    expect((b.body as Page<PostSummary>).items.length).toBeGreaterThanOrEqual(20);
    expect(b.n).toBe(a.n);
  });

  it('profile: the same for an author of 2 and of 30 posts', async () => {
    const a = await count(`/api/users/${small.author!.id}`);
    const b = await count(`/api/users/${large.author!.id}`);
    expect(a.status).toBe(200);
    expect((b.body as { postCount: number }).postCount).toBe(30);
    expect(b.n).toBe(a.n);
  });

  it('home: the same with 1 and 10 status updates shown, and sections with posts', async () => {
    await request(t, {
      method: 'POST',
      url: '/api/status-updates',
      cookie: viewer.cookie,
      payload: { content: 'The first one' },
    });
    const a = await count('/api/home');
    for (let i = 0; i < 20; i++) {
      await request(t, {
        method: 'POST',
        url: '/api/status-updates',
        cookie: viewer.cookie,
        payload: { content: `Status ${i}` },
      });
    }
    const b = await count('/api/home');
    expect((a.body as HomeData).statusUpdates).toHaveLength(1);
    expect((b.body as HomeData).statusUpdates).toHaveLength(10);
    expect((b.body as HomeData).sections.some((s) => s.lastPost)).toBe(true);
    expect(b.n).toBe(a.n);
  });

  it('search: the same with few and many hits', async () => {
    const a = await count('/api/search?q=post%2029');
    expect((a.body as { posts: unknown[] }).posts).toHaveLength(1);
    const b = await count('/api/search?q=post');
    expect((b.body as { posts: unknown[] }).posts).toHaveLength(20);
    expect(b.n).toBe(a.n);
  });
});

describe('statements per read, session included', () => {
  // Warm: shared payloads come from the node's cache (lib/payload-cache.ts), and so does the
  // viewer's own part once read, and the viewer from the session cache: a read the viewer repeats
  // runs none. Issue 12: at most 3 for every read; a change that adds one fails here.
  // Cold: both caches emptied first, as after any write (every successful write empties them):
  // what filling them costs, session included. Today's figures; a change that adds one fails.
  // [name, url, warm budget, cold count (null: not measured cold)]
  const reads: [string, () => string, number, number | null][] = [
    ['me', () => '/api/me', 1, null],
    ['sections', () => '/api/sections', 0, 2],
    ['tags', () => '/api/tags', 0, 2],
    ['home', () => '/api/home', 0, 2],
    ['section', () => '/api/sections/ai-art', 0, null],
    ['section posts', () => '/api/sections/ai-art/posts', 0, 3],
    ['post', () => `/api/posts/${large.posts[0]}`, 0, 2],
    // (The post here has no comments: its comment page needs no like lookup.)
    ['comments', () => `/api/posts/${large.posts[0]}/comments`, 0, 3],
    ['notifications', () => '/api/notifications', 0, 2],
    ['search', () => '/api/search?q=post', 0, 3],
    ['search, a prefix', () => '/api/search?q=pos', 0, 3],
    // Tags only: matched against the cached tag list, no search statement.
    ['search, tags', () => '/api/search?q=counted&kind=tags', 0, 2],
    ['profile', () => `/api/users/${large.author!.id}`, 1, null],
  ];
  it("stays within each endpoint's count", async () => {
    const counts: Record<string, number> = {};
    for (const [name, url] of reads) {
      const { n, status } = await count(url());
      expect(status, name).toBe(200);
      counts[name] = n;
    }
    for (const [name, , budget] of reads) {
      expect(counts[name], name).toBeLessThanOrEqual(budget);
      expect(counts[name], name).toBeLessThanOrEqual(3);
    }
  });

  it("runs each endpoint's count with the caches empty", async () => {
    // A status update on the home page: its viewer's likes are looked up (one statement).
    await request(t, {
      method: 'POST',
      url: '/api/status-updates',
      cookie: viewer.cookie,
      payload: { content: 'Counted cold' },
    });
    const cold = reads.filter(([, , , n]) => n !== null);
    const counts: Record<string, number> = {};
    for (const [name, url] of cold) {
      const { n, status } = await count(url(), { cold: true });
      expect(status, name).toBe(200);
      counts[name] = n;
    }
    expect(counts).toEqual(Object.fromEntries(cold.map(([name, , , n]) => [name, n])));
  });

  it('serves a member’s notifications from the cache when they read them again', async () => {
    // The authors of the liked posts have like notifications (from the viewer).
    const author = small.author!;
    const first = await count('/api/notifications', { warmUp: viewer, reader: author });
    expect((first.body as Notification[]).map((n) => n.type)).toContain('like');
    expect(first.n).toBeGreaterThan(0);
    const again = await count('/api/notifications', { warmUp: author, reader: author });
    expect(again.body).toEqual(first.body);
    expect(again.n).toBe(0);
  });

  it("runs one statement for another viewer's part of a cached payload, then none", async () => {
    const other = await createMember(t);
    await request(t, { method: 'GET', url: '/api/me', cookie: other.cookie });
    for (const url of [
      '/api/home',
      '/api/sections/ai-art/posts',
      `/api/posts/${large.posts[0]}`,
      '/api/search?q=post',
    ]) {
      const first = await count(url, { warmUp: viewer, reader: other });
      expect(first.status, url).toBe(200);
      expect(first.n, url).toBe(1);
      expect((await count(url, { warmUp: other, reader: other })).n, url).toBe(0);
    }
  });
});

/** The plan of the statement of one request that reads `from posts p`. */
async function planOf(url: string): Promise<string> {
  logged = [];
  t.app.payloads.apply({ kind: 'all' });
  const res = await request(t, { method: 'GET', url, cookie: viewer.cookie });
  expect(res.statusCode).toBe(200);
  const statement = logged.find((l) => /from posts p/.test(l.query));
  if (!statement) throw new Error(`no post query for ${url}`);
  return explain(t.database.db, statement);
}

describe('index use', () => {
  it('serves section lists (new, top, by tag) and user posts from indexes', async () => {
    const tag = (await request(t, { method: 'GET', url: '/api/tags', cookie: viewer.cookie })).json<
      { id: string }[]
    >()[0]!.id;
    // With a few dozen rows the planner may pick any of the posts indexes; the point is that
    // no list needs a sequential scan (the bench checks plans at scale).
    for (const url of [
      '/api/sections/ai-art/posts',
      '/api/sections/ai-art/posts?sort=top',
      `/api/sections/ai-art/posts?tag=${tag}`,
      `/api/users/${large.author!.id}/posts`,
    ]) {
      if (
        url.startsWith('/api/users') &&
        (await request(t, { method: 'GET', url, cookie: viewer.cookie })).statusCode === 404
      )
        continue;
      const plan = await planOf(url);
      expect(plan, url).not.toMatch(/Seq Scan on (posts|post_tags|media|"user")/);
      expect(plan, url).toMatch(/(posts_\w+_idx|post_tags_tag_idx)/);
    }
  });
});
