/**
 * Issue 11: a post's history of versions (each edit keeps the version it replaces, in the edit's
 * transaction) for its author and moderators only, edition counts on every kind of item, and who
 * liked something (a cursor list behind every like count).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Liker, Page, PostHistory } from '@atelier/shared';
import { postVersions, posts } from '../src/db/schema/index.ts';
import { useWritersApp } from './context.ts';
import {
  createMember,
  createModerator,
  createUser,
  request,
  type TestUser,
  send,
} from './factories.ts';
import { newPost, newTag } from './post-factories.ts';

const t = useWritersApp();

const edit = (u: Pick<TestUser, 'cookie'>, id: string, payload: Record<string, unknown>) =>
  request(t, { method: 'PATCH', url: `/api/posts/${id}`, cookie: u.cookie, payload });
const history = (u: Pick<TestUser, 'cookie'>, id: string) =>
  request(t, { method: 'GET', url: `/api/posts/${id}/versions`, cookie: u.cookie });

describe('post history', () => {
  it('keeps every earlier version (title, body, tags) and counts the edits', async () => {
    const author = await createMember(t);
    const moderator = await createModerator(t);
    const tagA = await newTag(t, `history-a-${Date.now()}`);
    const tagB = await newTag(t, `history-b-${Date.now()}`);
    const post = await newPost(t, author, { title: 'First', body: 'one two three', tags: [tagA] });

    const fresh = (await history(author, post.id)).json<PostHistory>();
    expect(fresh.editionCount).toBe(0);
    expect(fresh.versions).toHaveLength(1);
    expect(fresh.versions[0]).toMatchObject({ number: 0, title: 'First', current: true });

    const first = await edit(author, post.id, { body: 'one 2 three' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ editionCount: 1 });
    const second = await edit(moderator, post.id, { title: 'Second', tags: [tagB] });
    expect(second.json()).toMatchObject({ editionCount: 2, editionTimestamp: expect.any(String) });

    const res = await history(author, post.id);
    expect(res.statusCode).toBe(200);
    const h = res.json<PostHistory>();
    expect(h.editionCount).toBe(2);
    expect(h.versions.map((v) => [v.number, v.title, v.body, v.tags, v.current])).toEqual([
      [2, 'Second', 'one 2 three', [tagB], true],
      [1, 'First', 'one 2 three', [tagA], false],
      [0, 'First', 'one two three', [tagA], false],
    ]);
    // Who wrote each version: the author, the author, then the moderator who edited.
    expect(h.versions.map((v) => v.writtenBy?.id)).toEqual([moderator.id, author.id, author.id]);
    expect(new Date(h.versions[0]!.writtenAt).getTime()).toBeGreaterThanOrEqual(
      new Date(h.versions[1]!.writtenAt).getTime(),
    );

    // A moderator reads it too.
    expect((await history(moderator, post.id)).json<PostHistory>().versions).toHaveLength(3);
  });

  it('stores the version in the edit transaction: a refused edit keeps no version', async () => {
    const author = await createMember(t);
    const post = await newPost(t, author);
    const refused = await edit(author, post.id, { tags: ['00000000-0000-4000-8000-000000000000'] });
    expect(refused.statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(postVersions)
      .where(eq(postVersions.postId, post.id));
    expect(rows).toHaveLength(0);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.editionCount).toBe(0);
  });

  it('is forbidden to other members (403) and hidden when they cannot open the post (404)', async () => {
    const author = await createMember(t);
    const other = await createMember(t);
    const post = await newPost(t, author);
    await edit(author, post.id, { title: 'Changed' });

    const forbidden = await history(other, post.id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: {
        code: 'errors.historyForbidden',
        message: expect.any(String),
        requestId: expect.any(String),
      },
    });
    expect((await history({ cookie: '' }, post.id)).statusCode).toBe(401);
    const pending = await createUser(t, { roles: ['pending'] });
    expect((await history(pending, post.id)).statusCode).toBe(403);

    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, post.id));
    expect((await history(other, post.id)).statusCode).toBe(404);
    expect((await history(author, post.id)).statusCode).toBe(200);
    expect((await history(author, 'not-a-uuid')).statusCode).toBe(404);
  });
});

describe('edition counts on comments, replies and status updates', () => {
  it('counts each edit and dates the last one', async () => {
    const author = await createMember(t);
    const post = await newPost(t, author);
    const comment = (
      await send(t, author, `POST /api/posts/${post.id}/comments`, { body: 'a comment' }, 201)
    ).json<{ id: string }>();
    for (const body of ['edited once', 'edited twice']) {
      await send(t, author, `PATCH /api/comments/${comment.id}`, { body }, 200);
    }
    const list = await request(t, {
      method: 'GET',
      url: `/api/posts/${post.id}/comments`,
      cookie: author.cookie,
    });
    expect(list.json().items[0]).toMatchObject({
      body: 'edited twice',
      editionCount: 2,
      editionTimestamp: expect.any(String),
    });

    const status = (
      await send(t, author, 'POST /api/status-updates', { content: 'status' }, 201)
    ).json<{ id: string }>();
    const edited = await request(t, {
      method: 'PATCH',
      url: `/api/status-updates/${status.id}`,
      cookie: author.cookie,
      payload: { content: 'status, edited' },
    });
    expect(edited.json()).toMatchObject({ editionCount: 1, editionTimestamp: expect.any(String) });
  });
});

describe('who liked', () => {
  const likers = (u: Pick<TestUser, 'cookie'>, path: string, query = '') =>
    request(t, { method: 'GET', url: `/api/${path}/likes${query}`, cookie: u.cookie });

  it('lists likers newest first with their roles, a page at a time', async () => {
    const author = await createMember(t);
    const post = await newPost(t, author);
    const fans = [
      await createMember(t),
      await createModerator(t),
      await createUser(t, { roles: ['advanced-writer'] }),
    ];
    for (const fan of fans) {
      await send(t, fan, `PUT /api/posts/${post.id}/like`, undefined, 200);
    }
    const first = await likers(author, `posts/${post.id}`, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json<Page<Liker>>();
    expect(page1.items.map((l) => l.user.id)).toEqual([fans[2]!.id, fans[1]!.id]);
    expect(page1.items[1]!.user).toMatchObject({ displayedRole: 'moderator' });
    expect(page1.items[0]!.likedAt).toEqual(expect.any(String));
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await likers(author, `posts/${post.id}`, `?limit=2&cursor=${page1.nextCursor}`)
    ).json<Page<Liker>>();
    expect(page2.items.map((l) => l.user.id)).toEqual([fans[0]!.id]);
    expect(page2.nextCursor).toBeNull();

    expect((await likers(author, `posts/${post.id}`, '?cursor=forged')).statusCode).toBe(400);
  });

  it('works for comments, replies, status updates and status replies', async () => {
    const author = await createMember(t);
    const fan = await createMember(t);
    const post = await newPost(t, author);
    const post1 = (path: string, payload: Record<string, unknown>) =>
      request(t, { method: 'POST', url: path, cookie: author.cookie, payload });
    const comment = (await post1(`/api/posts/${post.id}/comments`, { body: 'c' })).json<{
      id: string;
    }>();
    const reply = (await post1(`/api/comments/${comment.id}/replies`, { body: 'r' })).json<{
      id: string;
    }>();
    const status = (await post1('/api/status-updates', { content: 's' })).json<{ id: string }>();
    const statusReply = (
      await post1(`/api/status-updates/${status.id}/replies`, { content: 'sr' })
    ).json<{ id: string }>();
    for (const path of [
      `comments/${comment.id}`,
      `comment-replies/${reply.id}`,
      `status-updates/${status.id}`,
      `status-replies/${statusReply.id}`,
    ]) {
      const like = await request(t, {
        method: 'PUT',
        url: `/api/${path}/like`,
        cookie: fan.cookie,
      });
      expect(like.statusCode, path).toBe(200);
      const list = await likers(author, path);
      expect(list.statusCode, path).toBe(200);
      expect(
        list.json<Page<Liker>>().items.map((l) => l.user.username),
        path,
      ).toEqual([fan.username]);
    }
  });

  it('is refused to anonymous and users without access, hidden for posts they cannot open', async () => {
    const author = await createMember(t);
    const other = await createMember(t);
    const post = await newPost(t, author);
    expect((await likers({ cookie: '' }, `posts/${post.id}`)).statusCode).toBe(401);
    for (const roles of [['pending'], ['banned']] as const) {
      const u = await createUser(t, { roles: [...roles] });
      expect((await likers(u, `posts/${post.id}`)).statusCode).toBe(403);
    }
    const comment = (
      await send(t, author, `POST /api/posts/${post.id}/comments`, { body: 'c' }, 201)
    ).json<{ id: string }>();
    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, post.id));
    const hidden = await likers(other, `posts/${post.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('errors.postNotFound');
    expect((await likers(other, `comments/${comment.id}`)).statusCode).toBe(404);
    expect((await likers(author, `posts/${post.id}`)).statusCode).toBe(200);
    expect((await likers(author, 'posts/nope')).statusCode).toBe(404);
  });
});
