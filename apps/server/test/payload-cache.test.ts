/**
 * Shared payloads cached per node (lib/payload-cache.ts): the cache itself (generations, prefixes,
 * one load for concurrent misses, bounds), the invalidation of each domain event, and through the
 * app: an edit, a like, a comment or a deletion is visible on the very next read; the viewer's
 * own part (liked flags) is never shared; ETag / 304 on the answers that are the same for all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comment, HomeData, Page, Post, PostSummary, Section } from '@atelier/shared';
import {
  createPayloadCache,
  notificationsKey,
  payloadPrefixesOf,
} from '../src/lib/payload-cache.ts';
import { request, type TestUser, send } from './factories.ts';
import { useUsers, useWritersApp } from './context.ts';
import { newPost } from './post-factories.ts';
import { settle } from './statement-counter.ts';

describe('payload cache', () => {
  it('keeps a value until an invalidation that matches its key, and loads once for concurrent misses', async () => {
    const cache = createPayloadCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setImmediate(r));
      return { n: loads };
    };
    const [a, b] = await Promise.all([cache.get('post:1', load), cache.get('post:1', load)]);
    expect(loads).toBe(1);
    expect(a.value).toBe(b.value);
    expect((await cache.get('post:1', load)).value).toEqual({ n: 1 });
    cache.apply({ kind: 'prefixes', prefixes: ['post:2', 'home'] });
    expect((await cache.get('post:1', load)).value).toEqual({ n: 1 });
    cache.apply({ kind: 'prefixes', prefixes: ['post:1'] });
    expect((await cache.get('post:1', load)).value).toEqual({ n: 2 });
    await cache.get('comments:1:[null]', load);
    cache.apply({ kind: 'prefixes', prefixes: ['comments:1'] });
    expect((await cache.get('comments:1:[null]', load)).value).toEqual({ n: 4 });
    cache.apply({ kind: 'all' });
    expect(cache.size()).toBe(0);
  });

  it('at its bound, lets go of what was read least recently', async () => {
    const cache = createPayloadCache({ max: 3 });
    const loads: string[] = [];
    const read = async (key: string) =>
      (
        await cache.get(key, () => {
          loads.push(key);
          return Promise.resolve(key);
        })
      ).value;
    for (const key of ['a', 'b', 'c']) await read(key);
    // a and c read again; d pushes out b, the one not read since it was stored.
    await read('a');
    await read('c');
    await read('d');
    expect(loads).toEqual(['a', 'b', 'c', 'd']);
    for (const key of ['a', 'c', 'd']) await read(key);
    expect(loads).toHaveLength(4);
    // All three read since: e takes the place of one of them, and stays.
    await read('e');
    expect(cache.size()).toBe(3);
    await read('e');
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'e']);
    // Hits and misses are counted as before.
    expect(cache.stats()).toEqual({ hits: 6, misses: 5 });
  });

  it("keeps each viewer's part with its payload, dropped with it, in an LRU of its own", async () => {
    const cache = createPayloadCache({ max: 1, viewerMax: 2 });
    let loads = 0;
    const part = (key: string, viewer: string) =>
      cache.viewerPart(key, viewer, () => Promise.resolve(`${key}/${viewer}/${(loads += 1)}`));
    expect(await part('post:1', 'a')).toBe('post:1/a/1');
    expect(await part('post:1', 'b')).toBe('post:1/b/2');
    expect(await part('post:1', 'a')).toBe('post:1/a/1');
    // Shared payloads do not push viewer parts out, nor the reverse.
    await cache.get('home', () => Promise.resolve('h'));
    await cache.get('tags', () => Promise.resolve('t'));
    expect(await part('post:1', 'b')).toBe('post:1/b/2');
    cache.apply({ kind: 'prefixes', prefixes: ['post:2', 'home'] });
    expect(await part('post:1', 'a')).toBe('post:1/a/1');
    cache.apply({ kind: 'prefixes', prefixes: ['post:1'] });
    expect(await part('post:1', 'a')).toBe('post:1/a/3');
    expect(await part('home', 'a')).toBe('home/a/4');
    cache.apply({ kind: 'all' });
    expect(await part('home', 'a')).toBe('home/a/5');
    // At most viewerMax parts: the least recently read goes first.
    await part('home', 'b');
    await part('home', 'c');
    expect(await part('home', 'a')).toBe('home/a/8');
  });

  it("keeps the viewer's part read with a payload, and asks for it alone on a hit or a shared load", async () => {
    const cache = createPayloadCache();
    const calls: string[] = [];
    const read = (viewer: string, release?: Promise<void>) =>
      cache.withViewerPart(
        'home',
        viewer,
        async () => {
          calls.push(`both:${viewer}`);
          await release;
          return { value: 'shared', part: `part:${viewer}` };
        },
        (value) => {
          calls.push(`part:${viewer}`);
          return Promise.resolve(`${value}/${viewer}`);
        },
      );
    // A miss: one load for both, both kept.
    expect(await read('a')).toMatchObject({ cached: { value: 'shared' }, part: 'part:a' });
    expect(await read('a')).toMatchObject({ part: 'part:a' });
    // A hit for another viewer: their part alone, then kept.
    expect(await read('b')).toMatchObject({ part: 'shared/b' });
    expect(await read('b')).toMatchObject({ part: 'shared/b' });
    expect(calls).toEqual(['both:a', 'part:b']);
    // Two misses at once: the second shares the first's load and asks for its own part.
    cache.apply({ kind: 'all' });
    calls.length = 0;
    let go!: () => void;
    const gate = new Promise<void>((r) => (go = r));
    const [first, second] = [read('a', gate), read('b', gate)];
    go();
    expect((await first).part).toBe('part:a');
    expect((await second).part).toBe('shared/b');
    expect(calls).toEqual(['both:a', 'part:b']);
    // A load that an invalidation overtook: neither its value nor its part is kept.
    cache.apply({ kind: 'all' });
    calls.length = 0;
    let late!: () => void;
    const overtaken = read('a', new Promise<void>((r) => (late = r)));
    cache.apply({ kind: 'all' });
    late();
    expect((await overtaken).part).toBe('part:a');
    expect((await read('a')).part).toBe('part:a');
    expect(calls).toEqual(['both:a', 'both:a']);
  });

  it("keeps a user's own payload in an LRU of its own, dropped by its key, its kind or everything", async () => {
    const cache = createPayloadCache({ max: 1, viewerMax: 1, personalMax: 2 });
    let loads = 0;
    const bell = (user: string) =>
      cache.personal(notificationsKey(user), () => Promise.resolve(`${user}/${(loads += 1)}`));
    expect(await bell('a')).toBe('a/1');
    expect(await bell('b')).toBe('b/2');
    // Neither shared payloads nor viewer parts push them out.
    await cache.get('home', () => Promise.resolve('h'));
    await cache.viewerPart('home', 'a', () => Promise.resolve('v'));
    expect([await bell('a'), await bell('b')]).toEqual(['a/1', 'b/2']);
    // Another user's key, another kind: kept.
    cache.apply({ kind: 'prefixes', prefixes: [notificationsKey('c'), 'home', 'post'] });
    expect([await bell('a'), await bell('b')]).toEqual(['a/1', 'b/2']);
    cache.apply({ kind: 'prefixes', prefixes: [notificationsKey('a')] });
    expect([await bell('a'), await bell('b')]).toEqual(['a/3', 'b/2']);
    cache.apply({ kind: 'prefixes', prefixes: ['notifications'] });
    expect([await bell('a'), await bell('b')]).toEqual(['a/4', 'b/5']);
    cache.apply({ kind: 'all' });
    expect(await bell('b')).toBe('b/6');
    // At most personalMax: the least recently read goes first.
    await bell('c');
    expect(await bell('a')).toBe('a/8');
  });

  it('does not keep a load that an invalidation overtook', async () => {
    const cache = createPayloadCache();
    let release!: () => void;
    const slow = cache.get('home', () => new Promise<string>((r) => (release = () => r('old'))));
    cache.apply({ kind: 'all' });
    release();
    expect((await slow).value).toBe('old');
    expect((await cache.get('home', () => Promise.resolve('new'))).value).toBe('new');
  });

  it('expires entries and keeps at most max of them', async () => {
    let now = 0;
    const cache = createPayloadCache({ ttlMs: 1000, max: 2, now: () => now });
    await cache.get('a', () => Promise.resolve(1));
    now = 1000;
    expect((await cache.get('a', () => Promise.resolve(2))).value).toBe(2);
    await cache.get('b', () => Promise.resolve(1));
    await cache.get('c', () => Promise.resolve(1));
    expect(cache.size()).toBe(2);
    expect(createPayloadCache({ ttlMs: 0 }).size()).toBe(0);
  });

  it('maps domain events to what they touch', () => {
    const post = { postId: 'p', postAuthorId: 'u', title: 't' };
    expect(
      payloadPrefixesOf({
        type: 'post.updated',
        actorId: null,
        data: { postId: 'p', tagsChanged: false },
      }),
    ).toContain('post:p');
    expect(
      payloadPrefixesOf({
        type: 'comment.created',
        actorId: null,
        data: { recipientId: 'u', post, commentId: 'c', content: 'x' },
      }),
    ).toEqual(expect.arrayContaining(['comments:p', 'post:p']));
    expect(
      payloadPrefixesOf({
        type: 'like.changed',
        actorId: null,
        data: { target: 'statusUpdate', targetId: 's', postId: null, statusId: 's', likeCount: 1 },
      }),
    ).toEqual(['home']);
    expect(
      payloadPrefixesOf({
        type: 'user.changed',
        actorId: null,
        data: { userId: 'u', claimsModifiedTimestamp: '1' },
      }),
    ).toBe('all');
  });
});

describe('cached payloads through the app', () => {
  const t = useWritersApp();
  const { author, reader } = useUsers(t, { author: ['advanced-writer'], reader: ['member'] });
  let postId: string;

  beforeAll(async () => {
    postId = (await newPost(t, author, { section: 'writing', title: 'Cached title' })).id;
  });

  const get = async <T>(url: string, u: TestUser) => {
    const res = await request(t, { method: 'GET', url, cookie: u.cookie });
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };

  it('shows an edit, a like and a comment on the next read, with each viewer’s own liked flag', async () => {
    expect((await get<Post>(`/api/posts/${postId}`, reader)).title).toBe('Cached title');
    expect(
      (await get<Page<PostSummary>>('/api/sections/writing/posts', reader)).items[0]?.title,
    ).toBe('Cached title');
    await send(t, author, `PATCH /api/posts/${postId}`, { title: 'Edited title' }, 200);
    expect((await get<Post>(`/api/posts/${postId}`, reader)).title).toBe('Edited title');
    expect(
      (await get<Page<PostSummary>>('/api/sections/writing/posts', reader)).items[0]?.title,
    ).toBe('Edited title');
    expect(
      (await get<HomeData>('/api/home', reader)).sections.find((s) => s.slug === 'writing')
        ?.lastPost?.title,
    ).toBe('Edited title');

    await send(t, reader, `PUT /api/posts/${postId}/like`, undefined, 200);
    const seenByReader = await get<Post>(`/api/posts/${postId}`, reader);
    const seenByAuthor = await get<Post>(`/api/posts/${postId}`, author);
    expect([seenByReader.likeCount, seenByReader.liked]).toEqual([1, true]);
    expect([seenByAuthor.likeCount, seenByAuthor.liked]).toEqual([1, false]);

    expect((await get<Page<Comment>>(`/api/posts/${postId}/comments`, reader)).items).toEqual([]);
    const comment = await send(
      t,
      author,
      `POST /api/posts/${postId}/comments`,
      { body: 'Fresh comment' },
      201,
    );
    const commentId = comment.json<Comment>().id;
    await request(t, {
      method: 'PUT',
      url: `/api/comments/${commentId}/like`,
      cookie: reader.cookie,
    });
    const forReader = await get<Page<Comment>>(`/api/posts/${postId}/comments`, reader);
    const forAuthor = await get<Page<Comment>>(`/api/posts/${postId}/comments`, author);
    expect(forReader.items.map((c) => [c.body, c.likeCount, c.liked])).toEqual([
      ['Fresh comment', 1, true],
    ]);
    expect(forAuthor.items.map((c) => c.liked)).toEqual([false]);
  });

  it('gives each viewer their own likes when the first read of a page fills the cache', async () => {
    const id = (await newPost(t, author, { section: 'writing', title: 'Lighthouse keeper' })).id;
    const comment = (
      await send(t, author, `POST /api/posts/${id}/comments`, { body: 'A comment' }, 201)
    ).json<Comment>();
    const reply = (
      await send(t, author, `POST /api/comments/${comment.id}/replies`, { body: 'A reply' }, 201)
    ).json<{ id: string }>();
    const status = (
      await send(t, author, 'POST /api/status-updates', { content: 'A status update' }, 201)
    ).json<{ id: string }>();
    await send(t, reader, `PUT /api/posts/${id}/like`, undefined, 200);
    await send(t, reader, `PUT /api/comment-replies/${reply.id}/like`, undefined, 200);
    // The last write emptied the cache: the reader's read fills it, with their likes read along.
    await send(t, reader, `PUT /api/status-updates/${status.id}/like`, undefined, 200);
    await settle(t);
    const views = {
      home: async (u: TestUser) =>
        (await get<HomeData>('/api/home', u)).statusUpdates.find((s) => s.id === status.id)?.liked,
      section: async (u: TestUser) =>
        (await get<Page<PostSummary>>('/api/sections/writing/posts', u)).items.find(
          (p) => p.id === id,
        )?.liked,
      search: async (u: TestUser) =>
        (await get<{ posts: PostSummary[] }>('/api/search?q=lighthouse', u)).posts.find(
          (p) => p.id === id,
        )?.liked,
      reply: async (u: TestUser) =>
        (await get<Page<Comment>>(`/api/posts/${id}/comments`, u)).items[0]?.replies[0]?.liked,
    };
    for (const [name, view] of Object.entries(views)) {
      expect([await view(reader), await view(author), await view(reader)], name).toEqual([
        true,
        false,
        true,
      ]);
    }
  });

  it('answers 404 on the next read of a deleted post', async () => {
    const id = (await newPost(t, author, { section: 'writing', title: 'Short-lived' })).id;
    await get<Post>(`/api/posts/${id}`, reader);
    const del = await request(t, {
      method: 'DELETE',
      url: `/api/posts/${id}`,
      cookie: author.cookie,
    });
    expect(del.statusCode).toBeLessThan(300);
    await send(t, reader, `GET /api/posts/${id}`, undefined, 404);
  });

  it('drops what a dispatched domain event touched (a write made outside a request)', async () => {
    // The earlier tests' events are dispatched first: their dispatch would empty what this read caches.
    await settle(t);
    await get<Post>(`/api/posts/${postId}`, reader);
    const before = t.app.payloads.size();
    expect(before).toBeGreaterThan(0);
    // What the dispatcher does with a committed event (live/plugin.ts → onDispatched).
    await t.app.invalidatePayloads({ kind: 'prefixes', prefixes: [`post:${postId}`] });
    expect(t.app.payloads.size()).toBeLessThan(before);
  });

  it('answers 304 to a matching If-None-Match on the sections and the tags, 200 after a change', async () => {
    for (const url of ['/api/sections', '/api/tags']) {
      const first = await request(t, { method: 'GET', url, cookie: reader.cookie });
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^".+"$/);
      // Kept by the browser and asked about each time (not the rest of /api's no-store).
      expect(first.headers['cache-control'], url).toBe('private, no-cache');
      const again = await request(t, {
        method: 'GET',
        url,
        cookie: reader.cookie,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
    // A new post changes the sections' counts: the old ETag no longer matches.
    const sections = await request(t, {
      method: 'GET',
      url: '/api/sections',
      cookie: reader.cookie,
    });
    await newPost(t, author, { section: 'writing', title: 'Counted' });
    const changed = await request(t, {
      method: 'GET',
      url: '/api/sections',
      cookie: reader.cookie,
      headers: { 'if-none-match': sections.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Section[]>().find((s) => s.slug === 'writing')?.postCount).toBe(
      sections.json<Section[]>().find((s) => s.slug === 'writing')!.postCount + 1,
    );
  });
});
