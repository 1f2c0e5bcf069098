/**
 * GET /api/notifications and POST /api/notifications/:id/dismiss, and the rules deriving
 * notifications from domain events (never for one's own action; only after commit).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@atelier/shared';
import { domainEvents, notifications, posts } from '../src/db/schema/index.ts';
import { latestNotifications } from '../src/features/notifications/service.ts';
import { notificationOf } from '../src/live/dispatcher.ts';
import { recordEvent } from '../src/live/events.ts';
import { useAuthApp, useUsers } from './context.ts';
import { createUser, request, type TestUser, send } from './factories.ts';
import { insertNotification } from './notification-factories.ts';
import { explain } from './plans.ts';

describe('notifications', () => {
  const t = useAuthApp();
  const { alice, bob } = useUsers(t, { alice: ['member'], bob: ['member'] });

  const list = async (u: TestUser) => {
    const res = await request(t, { method: 'GET', url: '/api/notifications', cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Notification[]>();
  };
  const dismiss = (u: TestUser, id: string) =>
    request(t, { method: 'POST', url: `/api/notifications/${id}/dismiss`, cookie: u.cookie });

  const insert = (recipient: TestUser, author: TestUser, minutesAgo: number) =>
    insertNotification(t, recipient, author, minutesAgo);

  it('needs a user with access', async () => {
    expect((await request(t, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    const pending = await createUser(t);
    await send(t, pending, 'GET /api/notifications', undefined, 403);
  });

  it('lists the 10 most recent undismissed, newest first, with their authors', async () => {
    const carol = await createUser(t, { roles: ['member'] });
    const ids: string[] = [];
    for (let i = 0; i < 13; i += 1) ids.push(await insert(carol, i % 2 ? alice : bob, i));
    // The newest is dismissed: it no longer shows.
    expect((await dismiss(carol, ids[0]!)).statusCode).toBe(200);
    const shown = await list(carol);
    expect(shown.map((n) => n.id)).toEqual(ids.slice(1, 11));
    expect(shown[0]).toMatchObject({
      type: 'statusReply',
      recipientId: carol.id,
      dismissed: false,
      dismissedTimestamp: null,
      author: { id: alice.id, username: alice.username },
      content: 'reply 1',
      repliedContent: 'status',
    });
    expect(shown[1]!.author.id).toBe(bob.id);
    // Someone else sees none of them.
    expect((await list(alice)).some((n) => ids.includes(n.id))).toBe(false);
  });

  it('the list is served by notifications_recipient_idx (no sort, no sequential scan)', async () => {
    const query = latestNotifications(t.database.db, alice.id).toSQL();
    const plan = await explain(t.database.db, { query: query.sql, params: query.params });
    expect(plan).toContain('notifications_recipient_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('dismiss: own only, server time, idempotent', async () => {
    const id = await insert(alice, bob, 0);
    expect((await dismiss(bob, id)).statusCode).toBe(404);
    expect((await dismiss(bob, id)).json()).toMatchObject({
      error: { code: 'errors.notificationNotFound' },
    });
    expect((await dismiss(alice, 'not-a-uuid')).statusCode).toBe(404);
    expect((await dismiss(alice, '00000000-0000-4000-8000-00000000dead')).statusCode).toBe(404);

    const before = Date.now();
    const first = await dismiss(alice, id);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<Notification>();
    expect(body).toMatchObject({ id, dismissed: true });
    const at = Date.parse(body.dismissedTimestamp!);
    expect(at).toBeGreaterThanOrEqual(before - 5_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
    const again = await dismiss(alice, id);
    expect(again.statusCode).toBe(200);
    expect(again.json<Notification>().dismissedTimestamp).toBe(body.dismissedTimestamp);
  });

  it('derives nothing from an event of your own, and nothing before commit', async () => {
    expect(
      notificationOf({
        type: 'statusReply.created',
        actorId: alice.id,
        data: {
          recipientId: alice.id,
          statusId: 's',
          replyId: 'r',
          content: 'c',
          repliedContent: 'p',
        },
      }),
    ).toBeNull();

    const [post] = await t.database.db
      .insert(posts)
      .values({
        authorId: alice.id,
        sectionSlug: 'general',
        title: 'Rolled back',
        body: 'b',
        provenance: 'human',
      })
      .returning({ id: posts.id });
    const countFor = async () =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.recipientId, alice.id))
      ).length;
    const before = await countFor();
    // An event in a transaction that rolls back never existed.
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordEvent(tx, {
          type: 'comment.created',
          actorId: bob.id,
          data: {
            recipientId: alice.id,
            post: { postId: post!.id, postAuthorId: alice.id, title: 'Rolled back' },
            commentId: '00000000-0000-4000-8000-000000000003',
            content: 'never',
          },
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await t.app.live.kick();
    expect(await countFor()).toBe(before);
    expect(
      await t.database.db.select().from(domainEvents).where(eq(domainEvents.actorId, bob.id)),
    ).not.toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ content: 'never' }) }),
    );
  });

  it('a comment through the API becomes a notification once dispatched (GET shows it)', async () => {
    const [post] = await t.database.db
      .insert(posts)
      .values({
        authorId: alice.id,
        sectionSlug: 'general',
        title: 'Listed',
        body: 'b',
        provenance: 'human',
      })
      .returning({ id: posts.id });
    const res = await send(
      t,
      bob,
      `POST /api/posts/${post!.id}/comments`,
      { body: 'Hello there' },
      201,
    );
    await t.app.live.kick();
    const [latest] = await list(alice);
    expect(latest).toMatchObject({
      type: 'comment',
      author: { id: bob.id },
      post: { postId: post!.id, title: 'Listed' },
      commentId: res.json<{ id: string }>().id,
      content: 'Hello there',
    });
  });
});
