import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page, PostSummary, Section } from '@atelier/shared';
import { posts } from '../src/db/schema/index.ts';
import { useUsers, useWritersApp } from './context.ts';
import { createUser, request, send } from './factories.ts';
import { newPost, newTag } from './post-factories.ts';

// A few shared users write far more here than a person would: write limits off (rate-limits.test.ts tests them).
const t = useWritersApp();
const { m } = useUsers(t, { m: ['member'] });

const get = (url: string, cookie = m.cookie) => request(t, { method: 'GET', url, cookie });

/** Every page of a listing, following nextCursor. */
async function allPages(url: string): Promise<{ items: PostSummary[]; pages: number }> {
  const items: PostSummary[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await get(cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<PostSummary>>();
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { items, pages };
}

describe('GET /api/sections/:slug', () => {
  it('answers the section, 404 for an unknown one, and needs access', async () => {
    const res = await get('/api/sections/writing');
    expect(res.json<Section>()).toMatchObject({
      slug: 'writing',
      type: 'writer',
      name: { en: 'Writing' },
    });
    const missing = await get('/api/sections/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('errors.sectionNotFound');
    expect((await get('/api/sections/nope/posts')).statusCode).toBe(404);
    expect((await request(t, { method: 'GET', url: '/api/sections/writing' })).statusCode).toBe(
      401,
    );
    const pending = await createUser(t);
    expect((await get('/api/sections/writing/posts', pending.cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/sections/:slug/posts', () => {
  it('pages through every published post exactly once, newest first, ties broken by id', async () => {
    const author = await createUser(t, { roles: ['advanced-writer'] });
    const ids: string[] = [];
    for (let i = 0; i < 23; i++)
      ids.push((await newPost(t, author, { section: 'writing', title: `Story ${i}` })).id);
    // Some share a timestamp exactly; one is removed.
    await t.database.db
      .update(posts)
      .set({ createdAt: new Date('2026-01-01T00:00:00.123Z') })
      .where(inArray(posts.id, ids.slice(0, 6)));
    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, ids[10]!));
    const published = ids.filter((id) => id !== ids[10]);

    const { items, pages } = await allPages('/api/sections/writing/posts?limit=5');
    expect(pages).toBe(5);
    expect(items.map((p) => p.id).sort()).toEqual([...published].sort());
    expect(new Set(items.map((p) => p.id)).size).toBe(items.length);
    const keys = items.map((p) => [p.createdAt, p.id] as const);
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1]!, keys[i]!];
      expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])).toBe(true);
    }
    expect(items[0]).toMatchObject({
      section: 'writing',
      author: { id: author.id },
      liked: false,
      cover: null,
      mediaCount: 0,
    });
  });

  it('sorts by likes with a stable cursor, and marks what the viewer likes', async () => {
    const author = await createUser(t, { roles: ['advanced-ai-artist'] });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await newPost(t, author, { section: 'ai-art', title: `Art ${i}` })).id);
    for (const [i, id] of ids.entries())
      await t.database.db
        .update(posts)
        .set({ likeCount: i % 4 })
        .where(eq(posts.id, id));
    expect(
      (await request(t, { method: 'PUT', url: `/api/posts/${ids[0]}/like`, cookie: m.cookie }))
        .statusCode,
    ).toBe(200);

    const { items } = await allPages('/api/sections/ai-art/posts?sort=top&limit=5');
    expect(items).toHaveLength(12);
    expect(new Set(items.map((p) => p.id)).size).toBe(12);
    const likes = items.map((p) => p.likeCount);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(items.filter((p) => p.liked).map((p) => p.id)).toEqual([ids[0]]);
  });

  it('filters by tag and by provenance', async () => {
    const author = await createUser(t, { roles: ['advanced-faker'] });
    const tag = await newTag(t, 'Forgery');
    const tagged = await newPost(t, author, { section: 'fakes', tags: [tag], provenance: 'fake' });
    await newPost(t, author, { section: 'general', tags: [tag] });
    const ai = await newPost(t, author, { section: 'fakes', provenance: 'aiGenerated' });
    const byTag = (await get(`/api/sections/fakes/posts?tag=${tag}`)).json<Page<PostSummary>>();
    expect(byTag.items.map((p) => p.id)).toEqual([tagged.id]);
    expect(byTag.items[0]?.tags).toEqual([tag]);
    const byProvenance = (await get('/api/sections/fakes/posts?provenance=aiGenerated')).json<
      Page<PostSummary>
    >();
    expect(byProvenance.items.map((p) => p.id)).toEqual([ai.id]);
    expect(
      (await get(`/api/sections/fakes/posts?tag=${tag}&provenance=aiGenerated`)).json<
        Page<PostSummary>
      >().items,
    ).toEqual([]);
  });

  it('pages through a tag’s posts exactly once, tags added on creation or by an edit', async () => {
    const author = await createUser(t, { roles: ['advanced-writer'] });
    const tag = await newTag(t, 'Serial');
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const post = await newPost(t, author, { section: 'writing', tags: i % 2 ? [tag] : [] });
      if (i % 2 === 0) {
        await send(t, author, `PATCH /api/posts/${post.id}`, { tags: [tag] }, 200);
      }
      ids.push(post.id);
    }
    await newPost(t, author, { section: 'writing' });
    for (const sort of ['new', 'top']) {
      const { items } = await allPages(
        `/api/sections/writing/posts?tag=${tag}&limit=3&sort=${sort}`,
      );
      expect(items.map((p) => p.id)).toEqual(
        sort === 'new' ? [...ids].reverse() : expect.arrayContaining(ids),
      );
      expect(items).toHaveLength(8);
    }
  });

  it('refuses a bad query or a forged cursor', async () => {
    expect((await get('/api/sections/general/posts?sort=old')).statusCode).toBe(400);
    expect((await get('/api/sections/general/posts?limit=1000')).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify(["2026-01-01'; drop table posts; --", 'x'])).toString(
      'base64url',
    );
    const res = await get(`/api/sections/general/posts?cursor=${forged}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ cursor: 'errors.invalid' });
    expect((await get('/api/sections/general/posts?cursor=%%%')).statusCode).toBe(400);
    expect((await t.database.db.select({ id: posts.id }).from(posts)).length).toBeGreaterThan(0);
  });
});
