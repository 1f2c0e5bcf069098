/**
 * What the two conversations (comments on a post, status updates) do alike, run for each kind:
 * access, the text's validation, editing in place, replies answering the item or one of its
 * replies, and editing and deleting replies. What only one kind does is in comments.test.ts and
 * status-updates.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Comment, Page, StatusUpdate } from '@atelier/shared';
import { posts, siteCounters } from '../src/db/schema/index.ts';
import { counterDrift } from '../src/demo/counters.ts';
import { useUsers, useWritersApp } from './context.ts';
import { createUser, request, requestAs, type TestUser } from './factories.ts';

/** An item or a reply as the API shows it (the fields this file reads). */
interface Shown extends Record<string, unknown> {
  id: string;
  author?: { id: string } | null;
  replyCount?: number;
  replyingTo?: Record<string, unknown>;
}

interface Kind {
  name: string;
  /** The field of the text (`body`, `content`). */
  text: 'body' | 'content';
  /** The field of a reply's excerpt of what it answers. */
  quote: 'excerpt' | 'content';
  /** The field of a reply naming its item. */
  parent: 'commentId' | 'parentId';
  maxLength: number;
  tooLong: string;
  notFound: string;
  /** A text long enough to be cut, and how its excerpt starts. */
  longText: string;
  excerptStart: string;
  /** A new place for the test's items (comments: a new post; status updates: the site). */
  fresh: () => Promise<void>;
  /** How many items the place counts (comments: the post's count; status updates: the site's). */
  count: () => Promise<number>;
  listUrl: () => string;
  create: (u: TestUser, text?: string) => Promise<LightMyRequestResponse>;
  itemUrl: (id: string) => string;
  replyUrl: (id: string) => string;
  /** What a reply also holds (comments: its post). */
  replyExtra: () => Record<string, unknown>;
  /** An item's replies as `u` reads them. */
  replies: (u: TestUser, item: Shown) => Promise<Shown[]>;
  /** An item as `u` reads it in its list. */
  reread: (u: TestUser, item: Shown) => Promise<Shown | undefined>;
}

const t = useWritersApp();
/** Three roles that take part (a member, a probation writer, an advanced faker) and a moderator. */
const { alice, bob, carol, mod } = useUsers(t, {
  alice: ['member'],
  bob: ['probation-writer'],
  carol: ['advanced-faker'],
  mod: ['moderator'],
});

const read = async <T>(u: TestUser, url: string): Promise<T> => {
  const res = await request(t, { method: 'GET', url, cookie: u.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

let postId = '';
const commentsKind: Kind = {
  name: 'comments',
  text: 'body',
  quote: 'excerpt',
  parent: 'commentId',
  maxLength: 10_000,
  tooLong: 'errors.commentTooLong',
  notFound: 'errors.commentNotFound',
  longText: `**Bold** start ${'word '.repeat(100)}`,
  excerptStart: 'Bold start word',
  fresh: async () => {
    const [row] = await t.database.db
      .insert(posts)
      .values({
        authorId: mod.id,
        sectionSlug: 'general',
        title: 'A post',
        body: 'Body',
        provenance: 'human',
        state: 'published',
      })
      .returning({ id: posts.id });
    postId = row!.id;
  },
  count: async () =>
    (await t.database.db.select().from(posts).where(eq(posts.id, postId)))[0]!.commentCount,
  listUrl: () => `/api/posts/${postId}/comments`,
  create: (u, body = 'Nice work') =>
    requestAs(t, u, `POST /api/posts/${postId}/comments`, { body }),
  itemUrl: (id) => `/api/comments/${id}`,
  replyUrl: (id) => `/api/comment-replies/${id}`,
  replyExtra: () => ({ postId }),
  replies: async (u, item) => (await commentsKind.reread(u, item))!.replies as Shown[],
  reread: async (u, item) =>
    (await read<Page<Comment>>(u, `/api/posts/${postId}/comments`)).items.find(
      (c) => c.id === item.id,
    ) as Shown | undefined,
};

const statusKind: Kind = {
  name: 'status updates',
  text: 'content',
  quote: 'content',
  parent: 'parentId',
  maxLength: 1000,
  tooLong: 'errors.statusTooLong',
  notFound: 'errors.statusUpdateNotFound',
  longText: `A status ${'long '.repeat(80)}`,
  excerptStart: 'A status long',
  fresh: async () => {},
  count: async () =>
    (
      await t.database.db.select().from(siteCounters).where(eq(siteCounters.name, 'statusUpdates'))
    )[0]?.value ?? 0,
  listUrl: () => '/api/status-updates',
  create: (u, content = 'Working on a new piece') =>
    requestAs(t, u, 'POST /api/status-updates', { content }),
  itemUrl: (id) => `/api/status-updates/${id}`,
  replyUrl: (id) => `/api/status-replies/${id}`,
  replyExtra: () => ({}),
  replies: (u, item) => read<Shown[]>(u, `/api/status-updates/${item.id}/replies`),
  reread: async (u, item) =>
    (
      await read<Page<StatusUpdate>>(u, `/api/status-updates?author=${item.author?.id}&limit=1`)
    ).items.find((s) => s.id === item.id) as Shown | undefined,
};

describe.each([commentsKind, statusKind])('$name: the conversation', (kind) => {
  const create = async (u: TestUser, text?: string) => {
    const res = await kind.create(u, text);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Shown>();
  };
  const reply = (u: TestUser, id: string, text = 'Looks great', replyToId: string | null = null) =>
    requestAs(t, u, `POST ${kind.itemUrl(id)}/replies`, { [kind.text]: text, replyToId });
  const patch = (u: TestUser, url: string, text: string) =>
    request(t, { method: 'PATCH', url, cookie: u.cookie, payload: { [kind.text]: text } });
  const remove = (u: TestUser, url: string) =>
    request(t, { method: 'DELETE', url, cookie: u.cookie });
  const unknown = '00000000-0000-4000-8000-000000000000';

  it('refuses every state without access', async () => {
    await kind.fresh();
    expect((await request(t, { method: 'GET', url: kind.listUrl() })).statusCode).toBe(401);
    expect(
      (
        await request(t, {
          method: 'POST',
          url: kind.listUrl(),
          payload: { [kind.text]: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    for (const role of ['pending', 'rejected', 'banned'] as const) {
      const u = await createUser(t, { roles: [role] });
      expect(
        (await request(t, { method: 'GET', url: kind.listUrl(), cookie: u.cookie })).statusCode,
        role,
      ).toBe(403);
      expect((await kind.create(u)).statusCode, role).toBe(403);
    }
    const unverified = await createUser(t, { verified: false });
    expect((await kind.create(unverified)).statusCode).toBe(403);
  });

  it('validates the text: required, at most the kind’s length', async () => {
    await kind.fresh();
    const before = await kind.count();
    const long = await kind.create(alice, 'x'.repeat(kind.maxLength + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'errors.validation',
      fields: { [kind.text]: kind.tooLong },
    });
    const blank = await kind.create(alice, '   ');
    expect(blank.json().error.fields).toEqual({ [kind.text]: 'errors.required' });
    expect((await kind.create(bob, 'y'.repeat(kind.maxLength))).statusCode).toBe(201);
    expect(await kind.count()).toBe(before + 1);
  });

  it('lets the author and moderators edit, refuses others', async () => {
    await kind.fresh();
    const item = await create(alice);
    const url = kind.itemUrl(item.id);
    const other = await patch(bob, url, 'hijack');
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('errors.notYourContent');

    const own = await patch(alice, url, 'Edited');
    expect(own.statusCode).toBe(200);
    expect(own.json<Shown>()).toMatchObject({ [kind.text]: 'Edited', editionCount: 1 });
    expect(own.json<Shown>().editionTimestamp).not.toBeNull();

    expect((await patch(mod, url, 'Moderated')).json<Shown>()).toMatchObject({
      [kind.text]: 'Moderated',
      editionCount: 2,
      author: { id: alice.id },
    });
    const long = await patch(alice, url, 'y'.repeat(kind.maxLength + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ [kind.text]: kind.tooLong });
    const missing = await patch(alice, kind.itemUrl(unknown), 'x');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe(kind.notFound);
  });

  it('replies to the item and to a reply of the same item, with author and excerpt', async () => {
    await kind.fresh();
    const item = await create(alice, kind.longText);
    const r1res = await reply(bob, item.id, 'First reply');
    expect(r1res.statusCode, r1res.body).toBe(201);
    const r1 = r1res.json<Shown>();
    expect(r1).toMatchObject({
      [kind.parent]: item.id,
      ...kind.replyExtra(),
      author: { id: bob.id },
      [kind.text]: 'First reply',
      replyingTo: { author: { id: alice.id, username: alice.username }, replyId: null },
      likeCount: 0,
      liked: false,
      editionCount: 0,
    });
    const excerpt = r1.replyingTo![kind.quote] as string;
    expect(excerpt.startsWith(kind.excerptStart)).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(200);

    const r2 = (await reply(carol, item.id, 'Answering Bob', r1.id)).json<Shown>();
    expect(r2.replyingTo).toEqual({
      author: expect.objectContaining({ id: bob.id }),
      replyId: r1.id,
      [kind.quote]: 'First reply',
    });

    // A reply of another item is refused.
    const other = await create(bob, 'Another');
    const wrong = await reply(alice, other.id, 'Nope', r1.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'errors.replyNotFound',
      fields: { replyToId: 'errors.replyNotFound' },
    });
    expect(
      (await reply(alice, other.id, 'x'.repeat(kind.maxLength + 1))).json().error.fields,
    ).toEqual({
      [kind.text]: kind.tooLong,
    });
    expect((await reply(alice, unknown)).statusCode).toBe(404);

    expect((await kind.replies(mod, item)).map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect(await kind.replies(mod, other)).toEqual([]);
    expect(await kind.reread(mod, item)).toMatchObject({ id: item.id, replyCount: 2 });
  });

  it('edits and deletes replies (author or moderator); replies answering a deleted one lose its excerpt', async () => {
    await kind.fresh();
    const item = await create(alice);
    const r = (await reply(bob, item.id, 'Original')).json<Shown>();
    const answer = (await reply(alice, item.id, 'Answer', r.id)).json<Shown>();
    const url = kind.replyUrl(r.id);
    expect((await patch(alice, url, 'Changed')).statusCode).toBe(403);
    expect((await patch(bob, url, 'Changed')).json<Shown>()).toMatchObject({
      [kind.text]: 'Changed',
      editionCount: 1,
    });
    expect((await patch(mod, url, 'Changed')).json<Shown>()).toMatchObject({ editionCount: 2 });

    expect((await remove(alice, url)).statusCode).toBe(403);
    expect((await remove(carol, url)).statusCode).toBe(403);
    expect((await remove(bob, url)).statusCode).toBe(204);
    expect((await remove(bob, url)).statusCode).toBe(404);
    const left = await kind.replies(alice, item);
    expect(left.map((x) => x.id)).toEqual([answer.id]);
    expect(left[0]!.replyingTo).toMatchObject({ replyId: r.id, [kind.quote]: '' });
    expect(await kind.reread(alice, item)).toMatchObject({ id: item.id, replyCount: 1 });

    // A moderator deletes another's reply.
    expect((await remove(mod, kind.replyUrl(answer.id))).statusCode).toBe(204);
    expect((await remove(alice, kind.replyUrl(answer.id))).statusCode).toBe(404);
    expect(await kind.replies(alice, item)).toEqual([]);
  });
});

it('keeps every counter equal to a recount', async () => {
  // Posts are inserted directly here (no section or author post counts): those two are skipped.
  const drift = (await counterDrift(t.database.db)).filter(
    (d) => d.counter !== 'sections.post_count' && d.counter !== 'user.post_count',
  );
  expect(drift).toEqual([]);
});
