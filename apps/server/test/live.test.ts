/**
 * Live over real sockets: the app listens on a free port, socket.io-client connects with the test
 * user's session cookie. Notifications are derived from domain events after commit and reach only
 * their recipient's sockets; sockets without a session or of an unverified user are refused
 * (users without access get limited sockets: live-access.test.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@atelier/shared';
import { domainEvents, notifications, posts } from '../src/db/schema/index.ts';
import { useAuthApp, useSockets, useUsers } from './context.ts';
import { createAuthTestApp, createUser, type TestUser, send } from './factories.ts';
import { collect, expectDispatched, next, socketKit } from './live-sockets.ts';
import { newComment, newReply } from './post-factories.ts';

describe('live: sockets and notifications', () => {
  const t = useAuthApp();
  const kit = useSockets(t);
  const { alice, bob } = useUsers(t, { alice: ['member'], bob: ['member'] });
  const open = (cookie?: string, origin?: string) => kit.open(cookie, origin);

  const insertPost = async (authorId: string, title = 'A post') => {
    const [row] = await t.database.db
      .insert(posts)
      .values({ authorId, sectionSlug: 'general', title, body: 'Body', provenance: 'human' })
      .returning({ id: posts.id });
    return row!.id;
  };
  const comment = (u: TestUser, postId: string, body = 'Nice work') =>
    newComment(t, u, postId, body);
  const reply = (
    u: TestUser,
    commentId: string,
    body = 'Thanks',
    replyToId: string | null = null,
  ) => newReply(t, u, 'comment', commentId, body, replyToId);
  const notificationsOf = (userId: string) =>
    t.database.db.select().from(notifications).where(eq(notifications.recipientId, userId));

  it("B's comment on A's post reaches A's socket as notification:new, not B's", async () => {
    const [a, b] = await Promise.all([open(alice.cookie), open(bob.cookie)]);
    const bSeen = collect(b, 'notification:new');
    const postId = await insertPost(alice.id, 'Moonlight');
    const received = next(a, 'notification:new');
    const commentId = await comment(bob, postId, 'What a **lovely** piece');
    const n = await received;
    expect(n).toMatchObject({
      type: 'comment',
      recipientId: alice.id,
      dismissed: false,
      dismissedTimestamp: null,
      author: { id: bob.id, username: bob.username },
      post: { postId, postAuthorId: alice.id, title: 'Moonlight' },
      commentId,
      content: 'What a lovely piece',
    });
    await t.app.live.kick();
    await new Promise((r) => setTimeout(r, 100));
    expect(bSeen).toEqual([]);
    // The event is recorded and marked dispatched.
    await expectDispatched(t, 'comment.created');
  });

  it('a socket opened with long polling (the browser default) upgrades and gets its notifications', async () => {
    // The tests' sockets are WebSocket only; browsers start with long polling and upgrade.
    const a = await kit.open(alice.cookie, undefined, { polling: true });
    if (a.io.engine.transport.name !== 'websocket') {
      await new Promise((resolve) => a.io.engine.once('upgrade', resolve));
    }
    const postId = await insertPost(alice.id, 'Polling');
    const received = next(a, 'notification:new');
    await comment(bob, postId);
    expect(await received).toMatchObject({ type: 'comment', post: { postId } });
  });

  it('commenting on your own post creates no notification (but records the event)', async () => {
    const postId = await insertPost(bob.id);
    const before = (await notificationsOf(bob.id)).length;
    await comment(bob, postId);
    await t.app.live.kick();
    expect((await notificationsOf(bob.id)).length).toBe(before);
  });

  it("a reply to a comment notifies the comment's author; a reply to a reply, the reply's author", async () => {
    const carol = await createUser(t, { roles: ['member'] });
    const [a, c] = await Promise.all([open(alice.cookie), open(carol.cookie)]);
    const postId = await insertPost(carol.id, 'Tides');
    // Carol's own post: Alice comments (Carol is notified), then Bob replies to Alice.
    const carolGetsComment = next(c, 'notification:new');
    const commentId = await comment(alice, postId, 'First!');
    expect(await carolGetsComment).toMatchObject({ type: 'comment', recipientId: carol.id });

    const aliceGetsReply = next(a, 'notification:new');
    const replyId = await reply(bob, commentId, 'Agreed');
    expect(await aliceGetsReply).toMatchObject({
      type: 'commentReply',
      recipientId: alice.id,
      author: { id: bob.id },
      post: { postId, postAuthorId: carol.id, title: 'Tides' },
      commentId,
      replyId,
      content: 'Agreed',
      repliedContent: 'First!',
    });

    // Carol replies to Bob's reply: Bob is notified, not Alice.
    const b = await open(bob.cookie);
    const aSeen = collect(a, 'notification:new');
    const bobGetsReply = next(b, 'notification:new');
    const second = await reply(carol, commentId, 'Me too', replyId);
    expect(await bobGetsReply).toMatchObject({
      type: 'commentReply',
      recipientId: bob.id,
      replyId: second,
      repliedContent: 'Agreed',
    });
    await t.app.live.kick();
    expect(aSeen).toEqual([]);
  });

  it("a status reply notifies the status author; a reply to a reply, that reply's author", async () => {
    const a = await open(alice.cookie);
    const status = await send(
      t,
      alice,
      'POST /api/status-updates',
      { content: 'Writing today' },
      201,
    );
    const statusId = status.json<{ id: string }>().id;
    const aliceGets = next(a, 'notification:new');
    const res = await send(
      t,
      bob,
      `POST /api/status-updates/${statusId}/replies`,
      { content: 'Good luck', replyToId: null },
      201,
    );
    const replyId = res.json<{ id: string }>().id;
    expect(await aliceGets).toMatchObject({
      type: 'statusReply',
      recipientId: alice.id,
      author: { id: bob.id },
      statusId,
      content: 'Good luck',
      repliedContent: 'Writing today',
    });

    const b = await open(bob.cookie);
    const bobGets = next(b, 'notification:new');
    await send(
      t,
      alice,
      `POST /api/status-updates/${statusId}/replies`,
      { content: 'Thanks!', replyToId: replyId },
      201,
    );
    expect(await bobGets).toMatchObject({
      type: 'statusReply',
      recipientId: bob.id,
      repliedContent: 'Good luck',
    });
  });

  it('refuses a socket without a session, of an unverified user, and from another origin', async () => {
    await expect(open()).rejects.toThrow('errors.unauthorized');
    const unverified = await createUser(t, { verified: false });
    await expect(open(unverified.cookie)).rejects.toThrow('errors.noAccess');
    await expect(open(alice.cookie, 'https://evil.example')).rejects.toThrow();
  });

  it("dismissing over HTTP reaches the user's other tabs", async () => {
    const [tab1, tab2] = await Promise.all([open(alice.cookie), open(alice.cookie)]);
    const bSocket = await open(bob.cookie);
    const bSeen = collect(bSocket, 'notification:dismissed');
    const postId = await insertPost(alice.id);
    const got = next(tab1, 'notification:new');
    await comment(bob, postId);
    const n = await got;
    const onTab2 = next(tab2, 'notification:dismissed');
    const res = await send(t, alice, `POST /api/notifications/${n.id}/dismiss`, undefined, 200);
    const body = res.json<Notification>();
    expect(body).toMatchObject({ id: n.id, dismissed: true });
    expect(await onTab2).toEqual({ id: n.id, dismissedTimestamp: body.dismissedTimestamp });
    expect(bSeen).toEqual([]);
  });

  it("a client cannot join another user's room", async () => {
    const a = await open(alice.cookie);
    // No client event joins a room: whatever the client sends, it hears only its own.
    const untyped = a as unknown as { emit: (event: string, ...args: unknown[]) => void };
    untyped.emit('join', `user:${bob.id}`);
    untyped.emit('subscribe', { room: `user:${bob.id}` });
    const aSeen = collect(a, 'notification:new');
    const b = await open(bob.cookie);
    const bobGets = next(b, 'notification:new');
    await comment(alice, await insertPost(bob.id));
    await bobGets;
    await t.app.live.kick();
    expect(aSeen).toEqual([]);
  });

  it('closing the app disconnects its sockets and does not wait for them', async () => {
    const other = await createAuthTestApp();
    const otherSockets = socketKit(other, await other.app.listen({ port: 0, host: '127.0.0.1' }));
    try {
      const u = await createUser(other, { roles: ['member'] });
      const socket = await otherSockets.open(u.cookie);
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const started = Date.now();
      await other.close();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await disconnected).toMatch(/disconnect|close/);
    } finally {
      otherSockets.closeAll();
      await other.close();
    }
  });

  it('an event left undispatched (a crash) is picked up by the next round', async () => {
    const a = await open(alice.cookie);
    const got = next(a, 'notification:new');
    await t.database.db.insert(domainEvents).values({
      type: 'statusReply.created',
      actorId: bob.id,
      data: {
        recipientId: alice.id,
        statusId: '00000000-0000-4000-8000-000000000001',
        replyId: '00000000-0000-4000-8000-000000000002',
        content: 'Left behind',
        repliedContent: 'Before the crash',
      },
    });
    await t.app.live.kick();
    expect(await got).toMatchObject({ type: 'statusReply', content: 'Left behind' });
  });
});
