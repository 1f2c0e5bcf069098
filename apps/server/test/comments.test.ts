import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comment, CommentReply, Page } from '@atelier/shared';
import { comments, posts, siteCounters } from '../src/db/schema/index.ts';
import { counterDrift } from '../src/demo/counters.ts';
import { request, requestAs, userRow, type TestUser, send } from './factories.ts';
import { useUsers, useWritersApp } from './context.ts';
import { planOf, StatementLog } from './plans.ts';
import { countClientQueries, settle } from './statement-counter.ts';

const log = new StatementLog();

describe('comments and replies', () => {
  const t = useWritersApp({ logger: log });
  const { author, alice, bob, mod } = useUsers(t, {
    author: ['member'],
    alice: ['member'],
    bob: ['member'],
    mod: ['moderator'],
  });

  const insertPost = async (authorId = author.id, state: 'published' | 'removed' = 'published') => {
    const [row] = await t.database.db
      .insert(posts)
      .values({
        authorId,
        sectionSlug: 'general',
        title: 'A post',
        body: 'Body',
        provenance: 'human',
        state,
      })
      .returning({ id: posts.id });
    return row!.id;
  };
  const postRow = async (id: string) =>
    (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0]!;
  const siteComments = async () =>
    (await t.database.db.select().from(siteCounters).where(eq(siteCounters.name, 'comments')))[0]
      ?.value ?? 0;

  const comment = (u: TestUser, postId: string, body = 'Nice work') =>
    requestAs(t, u, `POST /api/posts/${postId}/comments`, { body });
  const reply = (u: TestUser, id: string, body = 'Thanks', replyToId: string | null = null) =>
    requestAs(t, u, `POST /api/comments/${id}/replies`, { body, replyToId });
  const remove = (u: TestUser, url: string) =>
    request(t, { method: 'DELETE', url, cookie: u.cookie });
  const list = async (u: TestUser, postId: string, query = '') => {
    const res = await send(t, u, `GET /api/posts/${postId}/comments${query}`, undefined, 200);
    return res.json<Page<Comment>>();
  };

  it('writes a comment and moves the post, author and site counters', async () => {
    const postId = await insertPost();
    const before = { user: (await userRow(t, alice.id)).commentCount, site: await siteComments() };
    const res = await comment(alice, postId, '  Lovely **colours**  ');
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Comment>();
    expect(created).toMatchObject({
      postId,
      author: { id: alice.id, username: alice.username, displayedRole: 'member' },
      body: 'Lovely **colours**',
      bodyHtml: '<p>Lovely <strong>colours</strong></p>',
      deleted: false,
      likeCount: 0,
      replyCount: 0,
      liked: false,
      editionCount: 0,
      editionTimestamp: null,
      replies: [],
    });
    expect((await postRow(postId)).commentCount).toBe(1);
    expect((await userRow(t, alice.id)).commentCount).toBe(before.user + 1);
    expect(await siteComments()).toBe(before.site + 1);
    expect((await list(bob, postId)).items.map((c) => c.id)).toEqual([created.id]);
  });

  it('404s unknown posts and removed posts for others; refuses comments on removed posts', async () => {
    const missing = await comment(alice, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('errors.postNotFound');
    expect((await comment(alice, 'not-a-uuid')).statusCode).toBe(404);

    const removed = await insertPost(author.id, 'removed');
    await send(t, alice, `GET /api/posts/${removed}/comments`, undefined, 404);
    expect((await comment(alice, removed)).statusCode).toBe(404);
    expect((await list(author, removed)).items).toEqual([]);
    expect((await list(mod, removed)).items).toEqual([]);
    const byAuthor = await comment(author, removed);
    expect(byAuthor.statusCode).toBe(409);
    expect(byAuthor.json().error.code).toBe('errors.postRemoved');
    expect((await postRow(removed)).commentCount).toBe(0);
  });

  // Access, validation, editing, reply targets and reply edits: conversations.test.ts.

  it('counts comments and replies on the post, comments oldest first', async () => {
    const postId = await insertPost();
    const c = (await comment(alice, postId)).json<Comment>();
    const r1 = (await reply(bob, c.id, 'First reply')).json<CommentReply>();
    await reply(alice, c.id, 'Answering Bob', r1.id);
    const c2 = (await comment(bob, postId, 'Another')).json<Comment>();
    const page = await list(mod, postId);
    expect(page.items.map((x) => x.id)).toEqual([c.id, c2.id]);
    // Comments 2 + replies 2.
    expect((await postRow(postId)).commentCount).toBe(4);
  });

  it('answers every body with its HTML, rendered on the server by the shared rules', async () => {
    const postId = await insertPost();
    const c = (
      await comment(alice, postId, 'Hi @bob <script>alert(1)</script> [x](javascript:alert(1))')
    ).json<Comment>();
    const html =
      '<p>Hi <a href="/u/bob" rel="noopener noreferrer nofollow">@bob</a> &#x3C;script>alert(1)&#x3C;/script> <span>x</span></p>';
    expect(c.bodyHtml).toBe(html);
    const r = (
      await reply(bob, c.id, '# Title\n\n![p](https://elsewhere.example/p.png)')
    ).json<CommentReply>();
    expect(r.bodyHtml).toBe(
      '<h2>Title</h2>\n<p><a href="https://elsewhere.example/p.png" rel="noopener noreferrer nofollow" target="_blank">p</a></p>',
    );
    const [listed] = (await list(mod, postId)).items;
    expect(listed).toMatchObject({ bodyHtml: html, replies: [{ bodyHtml: r.bodyHtml }] });
    // An edit answers, and then lists, the new text's HTML.
    const edited = await send(t, alice, `PATCH /api/comments/${c.id}`, { body: '*new*' }, 200);
    expect(edited.json<Comment>().bodyHtml).toBe('<p><em>new</em></p>');
    const editedReply = await send(
      t,
      bob,
      `PATCH /api/comment-replies/${r.id}`,
      { body: '~~old~~' },
      200,
    );
    expect(editedReply.json<CommentReply>().bodyHtml).toBe('<p><del>old</del></p>');
    expect((await list(mod, postId)).items[0]).toMatchObject({
      bodyHtml: '<p><em>new</em></p>',
      replies: [{ bodyHtml: '<p><del>old</del></p>' }],
    });
  });

  it('deletes a reply with the counters back', async () => {
    const postId = await insertPost();
    const c = (await comment(alice, postId)).json<Comment>();
    const r = (await reply(bob, c.id)).json<CommentReply>();
    const bobCount = (await userRow(t, bob.id)).commentCount;
    const site = await siteComments();

    const url = `/api/comment-replies/${r.id}`;
    expect((await remove(mod, url)).statusCode).toBe(204);
    expect((await userRow(t, bob.id)).commentCount).toBe(bobCount - 1);
    expect(await siteComments()).toBe(site - 1);
    expect((await postRow(postId)).commentCount).toBe(1);
    expect((await list(alice, postId)).items[0]).toMatchObject({ replyCount: 0, replies: [] });
  });

  it('keeps a deleted comment with replies as [deleted], removes it with its last reply', async () => {
    const postId = await insertPost();
    const c = (await comment(alice, postId, 'To be deleted')).json<Comment>();
    const r = (await reply(bob, c.id, 'A reply')).json<CommentReply>();
    const r2 = (await reply(author, c.id, 'Another reply', r.id)).json<CommentReply>();
    expect(
      (
        await request(t, { method: 'PUT', url: `/api/comments/${c.id}/like`, cookie: bob.cookie })
      ).json(),
    ).toEqual({ liked: true, likeCount: 1 });
    const aliceBefore = await userRow(t, alice.id);
    const site = await siteComments();

    expect((await remove(bob, `/api/comments/${c.id}`)).statusCode).toBe(403);
    expect((await remove(alice, `/api/comments/${c.id}`)).statusCode).toBe(204);

    const shown = (await list(bob, postId)).items[0]!;
    expect(shown).toMatchObject({
      id: c.id,
      author: null,
      body: '',
      bodyHtml: '',
      deleted: true,
      likeCount: 0,
      liked: false,
      replyCount: 2,
    });
    expect(shown.replies.map((x) => x.id)).toEqual([r.id, r2.id]);
    expect(shown.replies[0]!.replyingTo.excerpt).toBe('');
    expect(shown.replies[1]!.replyingTo.excerpt).toBe('A reply');

    const aliceAfter = await userRow(t, alice.id);
    expect(aliceAfter.commentCount).toBe(aliceBefore.commentCount - 1);
    expect(aliceAfter.commentLikeCount).toBe(aliceBefore.commentLikeCount - 1);
    expect(await siteComments()).toBe(site - 1);
    expect((await postRow(postId)).commentCount).toBe(2);

    // Deleted: no edit, no new reply, no like, no second delete.
    expect(
      (
        await request(t, {
          method: 'PATCH',
          url: `/api/comments/${c.id}`,
          cookie: alice.cookie,
          payload: { body: 'back' },
        })
      ).statusCode,
    ).toBe(404);
    const late = await reply(bob, c.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('errors.commentDeleted');
    expect(
      (await request(t, { method: 'PUT', url: `/api/comments/${c.id}/like`, cookie: bob.cookie }))
        .statusCode,
    ).toBe(404);
    expect((await remove(alice, `/api/comments/${c.id}`)).statusCode).toBe(404);

    // The last reply going away removes the [deleted] comment.
    expect((await remove(bob, `/api/comment-replies/${r.id}`)).statusCode).toBe(204);
    expect((await list(bob, postId)).items).toHaveLength(1);
    expect((await list(bob, postId)).items[0]!.replies[0]!.replyingTo.excerpt).toBe('');
    expect((await remove(author, `/api/comment-replies/${r2.id}`)).statusCode).toBe(204);
    expect((await list(bob, postId)).items).toEqual([]);
    expect(await t.database.db.select().from(comments).where(eq(comments.id, c.id))).toEqual([]);
    expect((await postRow(postId)).commentCount).toBe(0);
    expect(await siteComments()).toBe(site - 3);
  });

  it('deletes a comment without replies for good, with its likes off the author', async () => {
    const postId = await insertPost();
    const c = (await comment(alice, postId)).json<Comment>();
    await request(t, { method: 'PUT', url: `/api/comments/${c.id}/like`, cookie: bob.cookie });
    await request(t, { method: 'PUT', url: `/api/comments/${c.id}/like`, cookie: author.cookie });
    const before = await userRow(t, alice.id);
    expect((await remove(mod, `/api/comments/${c.id}`)).statusCode).toBe(204);
    const after = await userRow(t, alice.id);
    expect(after.commentLikeCount).toBe(before.commentLikeCount - 2);
    expect(after.commentCount).toBe(before.commentCount - 1);
    expect((await list(alice, postId)).items).toEqual([]);
  });

  it('pages comments oldest first with a cursor, liked flags in batches', async () => {
    const postId = await insertPost();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await comment(i % 2 ? bob : alice, postId, `Comment ${i}`)).json<Comment>().id);
    await request(t, { method: 'PUT', url: `/api/comments/${ids[3]}/like`, cookie: mod.cookie });
    const first = await list(mod, postId, '?limit=2');
    expect(first.items.map((c) => c.id)).toEqual(ids.slice(0, 2));
    expect(first.nextCursor).not.toBeNull();
    const second = await list(mod, postId, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((c) => c.id)).toEqual(ids.slice(2, 4));
    expect(second.items.map((c) => c.liked)).toEqual([false, true]);
    const third = await list(mod, postId, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((c) => c.id)).toEqual(ids.slice(4));
    expect(third.nextCursor).toBeNull();
    await send(t, mod, `GET /api/posts/${postId}/comments?cursor=bm9wZQ`, undefined, 400);
  });

  it('lists comments in a bounded number of queries whatever their count', async () => {
    const count = async (postId: string) => {
      // Warm: the viewer's session is cached (a write empties that cache), as on a busy site.
      await list(alice, postId);
      // The events of the writes above are dispatched now, not while the read is counted.
      await settle(t);
      return countClientQueries(t, async () => {
        // The shared page cold (what a miss of the node's payload cache runs).
        t.app.payloads.apply({ kind: 'all' });
        await list(alice, postId);
      });
    };
    const small = await insertPost();
    const c = (await comment(bob, small)).json<Comment>();
    await reply(alice, c.id);
    const big = await insertPost();
    for (let i = 0; i < 8; i++) {
      const x = (await comment(i % 2 ? alice : bob, big)).json<Comment>();
      await reply(alice, x.id);
      await reply(bob, x.id);
      await request(t, { method: 'PUT', url: `/api/comments/${x.id}/like`, cookie: alice.cookie });
    }
    const a = await count(small);
    const b = await count(big);
    // The post's shared part, then the page: comments, their replies and the viewer's likes.
    expect(a).toBe(2);
    expect(b).toBe(a);
  });

  it('keeps every counter equal to a recount', async () => {
    // Posts are inserted directly here (no section or author post counts): those two are skipped.
    const drift = (await counterDrift(t.database.db)).filter(
      (d) => d.counter !== 'sections.post_count' && d.counter !== 'user.post_count',
    );
    expect(drift).toEqual([]);
  });

  it('serves the comment list and its replies from indexes', async () => {
    const postId = await insertPost();
    const c = (await comment(alice, postId)).json<Comment>();
    await reply(bob, c.id);
    const url = `/api/posts/${postId}/comments`;
    const comments = await planOf(t, log, alice.cookie, url, /from comments c/);
    expect(comments).not.toMatch(/Seq Scan on (comments|"user")/);
    expect(comments).toMatch(/comments_post_idx/);
    const replies = await planOf(t, log, alice.cookie, url, /from comment_replies r/);
    expect(replies).not.toMatch(/Seq Scan on (comment_replies|"user")/);
    expect(replies).toMatch(/comment_replies_comment_idx/);
  });
});
