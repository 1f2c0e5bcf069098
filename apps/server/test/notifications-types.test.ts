/**
 * Issue 11's notifications: mentions (create, and edits only for the mentions they add; never
 * the author; only users with access), likes grouped per item while undismissed (updated live,
 * unliking creates nothing), per-type preferences, and the history (all, newest first, cursor,
 * type filter; one's own only).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationPreferences } from '@atelier/shared';
import { notifications } from '../src/db/schema/index.ts';
import { mentionedUsernames } from '../src/features/notifications/mentions.ts';
import { useSockets, useUsers, useWritersApp } from './context.ts';
import { createUser, request, type TestUser } from './factories.ts';
import { next } from './live-sockets.ts';

interface Page {
  items: Notification[];
  nextCursor: string | null;
}

describe('notifications: mentions, likes, preferences, history', () => {
  const t = useWritersApp();
  const kit = useSockets(t);
  const { ana, ben, cleo, dan, banned, pending } = useUsers(t, {
    ana: ['member'],
    ben: ['member'],
    cleo: ['member'],
    dan: ['member'],
    banned: ['banned'],
    pending: {},
  });

  const send = async <T>(u: TestUser, method: string, url: string, payload?: object) => {
    const res = await request(t, { method: method as 'POST', url, cookie: u.cookie, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.body ? res.json() : undefined) as T;
  };
  const newPost = (u: TestUser, body: string) =>
    send<{ id: string }>(u, 'POST', '/api/posts', {
      section: 'general',
      title: `Post ${Math.random()}`,
      body,
      provenance: 'human',
    });
  const history = async (u: TestUser, query = '') => {
    const res = await request(t, {
      method: 'GET',
      url: `/api/notifications/history${query}`,
      cookie: u.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const rowsOf = (u: TestUser, type: Notification['type']) =>
    t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, u.id))
      .then((rows) => rows.filter((r) => r.type === type));

  it('finds @usernames outside code, each once, case-insensitively', () => {
    expect(mentionedUsernames('Hi @Ana and @ben.x. and @ana, mail a@b.c `@code` @dan-')).toEqual([
      'ana',
      'ben.x',
      'dan',
    ]);
  });

  it('a mention in a post notifies the mentioned member once, never the author or users without access', async () => {
    const post = await newPost(
      ana,
      `For @${ben.username} and @${ben.username}, me @${ana.username}, @${banned.username}, @${pending.username}, @nobody`,
    );
    await t.app.live.kick();
    const [mention, ...more] = await rowsOf(ben, 'mention');
    expect(more).toEqual([]);
    expect(mention).toMatchObject({ authorId: ana.id, postId: post.id, target: 'post' });
    expect(await rowsOf(ana, 'mention')).toEqual([]);
    expect(await rowsOf(banned, 'mention')).toEqual([]);
    expect(await rowsOf(pending, 'mention')).toEqual([]);
    const { items } = await history(ben, '?type=mention');
    expect(items[0]).toMatchObject({
      type: 'mention',
      target: 'post',
      author: { id: ana.id },
      post: { postId: post.id },
      commentId: null,
    });
  });

  it('an edit notifies only the mentions it added', async () => {
    const post = await newPost(ana, `Hello @${cleo.username}`);
    await t.app.live.kick();
    expect(await rowsOf(cleo, 'mention')).toHaveLength(1);
    await send(ana, 'PATCH', `/api/posts/${post.id}`, {
      body: `Hello @${cleo.username} and @${dan.username}`,
    });
    await t.app.live.kick();
    expect(await rowsOf(cleo, 'mention')).toHaveLength(1);
    expect(await rowsOf(dan, 'mention')).toHaveLength(1);
  });

  it('mentions in comments and replies notify, with the comment and reply to open', async () => {
    const post = await newPost(ana, 'Plain');
    const before = (await rowsOf(dan, 'mention')).length;
    const comment = await send<{ id: string }>(ben, 'POST', `/api/posts/${post.id}/comments`, {
      body: `Look @${dan.username}`,
    });
    const reply = await send<{ id: string }>(ben, 'POST', `/api/comments/${comment.id}/replies`, {
      body: `Again @${dan.username}`,
      replyToId: null,
    });
    await send(ben, 'PATCH', `/api/comments/${comment.id}`, {
      body: `Look @${dan.username} (edited)`,
    });
    await t.app.live.kick();
    const rows = await rowsOf(dan, 'mention');
    expect(rows).toHaveLength(before + 2);
    expect(rows).toContainEqual(
      expect.objectContaining({ target: 'comment', commentId: comment.id, replyId: null }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ target: 'commentReply', commentId: comment.id, replyId: reply.id }),
    );
  });

  it('likes of one item are one notification while undismissed, updated live; unliking creates nothing', async () => {
    const post = await newPost(ana, 'Like me');
    const tab = await kit.open(ana.cookie);
    let heard = next(tab, 'notification:new');
    await send(ben, 'PUT', `/api/posts/${post.id}/like`);
    await t.app.live.kick();
    const first = await heard;
    expect(first).toMatchObject({ type: 'like', likerCount: 1, author: { id: ben.id } });

    heard = next(tab, 'notification:new');
    await send(cleo, 'PUT', `/api/posts/${post.id}/like`);
    await t.app.live.kick();
    const second = await heard;
    expect(second).toMatchObject({
      id: first.id,
      type: 'like',
      target: 'post',
      likerCount: 2,
      author: { id: cleo.id },
      post: { postId: post.id },
    });

    await send(cleo, 'DELETE', `/api/posts/${post.id}/like`);
    await send(ana, 'PUT', `/api/posts/${post.id}/like`); // one's own like: nothing
    await t.app.live.kick();
    const rows = (await rowsOf(ana, 'like')).filter((r) => r.postId === post.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorIds).toEqual([ben.id, cleo.id]);

    // Dismissed: the next like starts a new one.
    await send(ana, 'POST', `/api/notifications/${first.id}/dismiss`);
    await send(dan, 'PUT', `/api/posts/${post.id}/like`);
    await t.app.live.kick();
    const after = (await rowsOf(ana, 'like')).filter((r) => r.postId === post.id);
    expect(after).toHaveLength(2);
    expect(after.find((r) => !r.dismissed)?.actorIds).toEqual([dan.id]);
  });

  it('a like of a comment names the comment and its post', async () => {
    const post = await newPost(ana, 'Under');
    const comment = await send<{ id: string }>(ben, 'POST', `/api/posts/${post.id}/comments`, {
      body: 'A comment to like',
    });
    await send(ana, 'PUT', `/api/comments/${comment.id}/like`);
    await t.app.live.kick();
    const { items } = await history(ben, '?type=like');
    expect(items[0]).toMatchObject({
      type: 'like',
      target: 'comment',
      commentId: comment.id,
      post: { postId: post.id },
      content: 'A comment to like',
    });
  });

  it('preferences: all on by default; a type switched off is not created', async () => {
    const prefs = await send<NotificationPreferences>(
      cleo,
      'GET',
      '/api/notifications/preferences',
    );
    expect(Object.values(prefs).every(Boolean)).toBe(true);
    const saved = await send<NotificationPreferences>(
      cleo,
      'PUT',
      '/api/notifications/preferences',
      { like: false },
    );
    expect(saved).toMatchObject({ like: false, mention: true, comment: true });
    const post = await newPost(cleo, 'Not told');
    const before = (await rowsOf(cleo, 'like')).length;
    await send(ben, 'PUT', `/api/posts/${post.id}/like`);
    await newPost(ben, `Still told @${cleo.username}`);
    await t.app.live.kick();
    expect(await rowsOf(cleo, 'like')).toHaveLength(before);
    expect((await history(cleo, '?type=mention')).items[0]).toMatchObject({
      content: expect.stringContaining('Still told'),
    });

    const bad = await request(t, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      cookie: cleo.cookie,
      payload: { nonsense: true },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('history: every one, dismissed included, newest first, paged by cursor, filtered by type', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const base = Date.now() - 3_600_000;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [row] = await t.database.db
        .insert(notifications)
        .values({
          recipientId: u.id,
          authorId: ana.id,
          type: i % 2 ? 'statusReply' : 'comment',
          postId: '00000000-0000-4000-8000-000000000001',
          postTitle: 'T',
          commentId: '00000000-0000-4000-8000-000000000002',
          statusId: '00000000-0000-4000-8000-000000000003',
          replyId: '00000000-0000-4000-8000-000000000004',
          content: `n${i}`,
          repliedContent: 'r',
          dismissed: i === 0,
          dismissedAt: i === 0 ? new Date() : null,
          createdAt: new Date(base + i * 1000),
        })
        .returning({ id: notifications.id });
      ids.push(row!.id);
    }
    const first = await history(u, '?limit=2');
    expect(first.items.map((n) => n.id)).toEqual([ids[4], ids[3]]);
    const second = await history(u, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    const third = await history(u, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((n) => n.id)).toEqual([ids[0]]);
    expect(third.items[0]?.dismissed).toBe(true);
    expect(third.nextCursor).toBeNull();
    expect((await history(u, '?type=statusReply')).items.map((n) => n.id)).toEqual([
      ids[3],
      ids[1],
    ]);

    const forged = await request(t, {
      method: 'GET',
      url: '/api/notifications/history?cursor=nonsense',
      cookie: u.cookie,
    });
    expect(forged.statusCode).toBe(400);
  });

  it('forbidden: another user’s notifications are neither listed nor dismissable; no access, no routes', async () => {
    const [row] = await t.database.db
      .insert(notifications)
      .values({
        recipientId: ben.id,
        authorId: ana.id,
        type: 'applicationApproved',
        reason: 'member',
      })
      .returning({ id: notifications.id });
    expect((await history(dan)).items.map((n) => n.id)).not.toContain(row!.id);
    const res = await request(t, {
      method: 'POST',
      url: `/api/notifications/${row!.id}/dismiss`,
      cookie: dan.cookie,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('errors.notificationNotFound');
    for (const [method, url] of [
      ['GET', '/api/notifications/history'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
    ] as const) {
      const anonymous = await request(t, {
        method,
        url,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(anonymous.statusCode, url).toBe(401);
      for (const u of [banned, pending]) {
        const refused = await request(t, {
          method,
          url,
          cookie: u.cookie,
          payload: method === 'PUT' ? {} : undefined,
        });
        expect(refused.statusCode, url).toBe(403);
      }
    }
  });
});
