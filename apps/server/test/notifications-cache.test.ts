/**
 * The bell's list is kept per user in the node's cache (features/notifications/service.ts
 * `bellOf`): after each kind of change the next read shows it — a notification the dispatcher
 * created (from a request or from a write made outside one), a like folded into an earlier one, a
 * dismissal, dismissing all, and the author's new name, avatar or deleted account (through a
 * request or a dispatched `user.changed`).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_GRACE_DAYS, DELETED_USERNAME, type Notification } from '@atelier/shared';
import { user } from '../src/db/schema/index.ts';
import { sweepDeletions } from '../src/features/own-data/routes.ts';
import { recordEvent } from '../src/live/events.ts';
import { mediaStoreFor } from '../src/lib/storage/index.ts';
import { addDays } from '../src/lib/time.ts';
import { useUsers, useWritersApp } from './context.ts';
import { createMember, PASSWORD, request, uniqueName, type TestUser, send } from './factories.ts';
import { insertNotification } from './notification-factories.ts';
import { multipart, newComment, newPost } from './post-factories.ts';
import { settle } from './statement-counter.ts';

describe('notifications: the cached list', () => {
  const t = useWritersApp();
  const { alice, bob, carol } = useUsers(t, {
    alice: ['advanced-writer'],
    bob: ['member'],
    carol: ['member'],
  });

  const list = async (u: TestUser) => {
    const res = await request(t, { method: 'GET', url: '/api/notifications', cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Notification[]>();
  };
  /** A fresh recipient with one notification from `author`, read once (the list is cached). */
  const warmRecipient = async (author: TestUser) => {
    const recipient = await createMember(t);
    const id = await insertNotification(t, recipient, author, 1);
    await settle(t);
    expect((await list(recipient)).map((n) => n.id)).toEqual([id]);
    return { recipient, id };
  };

  it('shows a comment by another member on the next read once dispatched', async () => {
    const post = await newPost(t, alice, { section: 'writing', title: 'Cached bell' });
    await settle(t);
    const before = await list(alice);
    await newComment(t, bob, post.id, 'First words');
    // Read between the request and the dispatch: whatever this caches must not outlive it.
    await list(alice);
    await settle(t);
    const after = await list(alice);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      type: 'comment',
      author: { id: bob.id },
      post: { postId: post.id, title: 'Cached bell' },
      content: 'First words',
    });
  });

  it('shows a notification the dispatcher created from a write made outside a request', async () => {
    const { recipient, id } = await warmRecipient(bob);
    const post = { postId: '00000000-0000-4000-8000-0000000000a1', postAuthorId: recipient.id };
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'comment.created',
        actorId: carol.id,
        data: {
          recipientId: recipient.id,
          post: { ...post, title: 'Outside' },
          commentId: '00000000-0000-4000-8000-0000000000a2',
          content: 'No request made this',
        },
      }),
    );
    await t.app.live.kick();
    const shown = await list(recipient);
    expect(shown.map((n) => n.id).slice(1)).toEqual([id]);
    expect(shown[0]).toMatchObject({
      type: 'comment',
      author: { id: carol.id },
      content: 'No request made this',
    });
  });

  it('shows a like folded into the undismissed one of the same item', async () => {
    const post = await newPost(t, alice, { section: 'writing', title: 'Liked twice' });
    const likes = async () =>
      (await list(alice)).flatMap((n) =>
        n.type === 'like' && n.post?.postId === post.id ? [[n.author.id, n.likerCount]] : [],
      );
    await send(t, bob, `PUT /api/posts/${post.id}/like`, undefined, 200);
    await settle(t);
    expect(await likes()).toEqual([[bob.id, 1]]);
    // The dispatcher folds the next like into that row (an update, not an insert).
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'like.added',
        actorId: carol.id,
        data: {
          recipientId: alice.id,
          target: 'post',
          targetId: post.id,
          post: { postId: post.id, postAuthorId: alice.id, title: 'Liked twice' },
          statusId: null,
          commentId: null,
          replyId: null,
          content: 'Liked twice',
        },
      }),
    );
    await t.app.live.kick();
    expect(await likes()).toEqual([[carol.id, 2]]);
  });

  it('drops a dismissed notification, then all of them, on the next read', async () => {
    const recipient = await createMember(t);
    const ids = [
      await insertNotification(t, recipient, bob, 3),
      await insertNotification(t, recipient, bob, 2),
      await insertNotification(t, recipient, carol, 1),
    ];
    expect((await list(recipient)).map((n) => n.id)).toEqual(ids.toReversed());
    await send(t, recipient, `POST /api/notifications/${ids[2]}/dismiss`, undefined, 200);
    expect((await list(recipient)).map((n) => n.id)).toEqual([ids[1], ids[0]]);
    const all = await request(t, {
      method: 'POST',
      url: '/api/notifications/dismiss-all',
      cookie: recipient.cookie,
    });
    expect(all.json()).toMatchObject({ dismissed: 2 });
    expect(await list(recipient)).toEqual([]);
  });

  it("shows the author's new name and avatar on the next read", async () => {
    const author = await createMember(t);
    const { recipient } = await warmRecipient(author);
    const username = uniqueName('renamed');
    await send(t, author, 'PATCH /api/me', { username }, 200);
    expect((await list(recipient))[0]?.author).toMatchObject({ id: author.id, username });

    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 90, b: 20 } },
    })
      .png()
      .toBuffer();
    const avatar = await request(t, {
      method: 'POST',
      url: '/api/me/avatar',
      cookie: author.cookie,
      ...multipart('file', 'me.png', png, 'image/png'),
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const avatarPath = avatar.json<{ avatarPath: string }>().avatarPath;
    expect(avatarPath).toBeTruthy();
    expect((await list(recipient))[0]?.author).toMatchObject({ username, avatarPath });
  });

  it("shows a rename made outside a request once its user.changed is dispatched (the CLI's way)", async () => {
    const author = await createMember(t);
    const { recipient } = await warmRecipient(author);
    const username = uniqueName('quiet');
    await t.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(user)
        .set({ username })
        .where(eq(user.id, author.id))
        .returning({ claimsModifiedAt: user.claimsModifiedAt });
      await recordEvent(tx, {
        type: 'user.changed',
        actorId: null,
        data: { userId: author.id, claimsModifiedTimestamp: row!.claimsModifiedAt.toISOString() },
      });
    });
    await t.app.live.kick();
    expect((await list(recipient))[0]?.author.username).toBe(username);
  });

  it("shows the author's deleted account once the deletion sweep ran", async () => {
    const author = await createMember(t);
    await send(t, author, 'POST /api/me/deletion', { password: PASSWORD, mode: 'keep' }, 200);
    const { recipient } = await warmRecipient(author);
    expect((await list(recipient))[0]?.author.username).toBe(author.username);
    await sweepDeletions(
      t.database.db,
      mediaStoreFor(t.config),
      () => undefined,
      addDays(new Date(), ACCOUNT_DELETION_GRACE_DAYS + 0.01),
    );
    await settle(t);
    expect((await list(recipient))[0]?.author.username).toBe(DELETED_USERNAME);
  });
});
