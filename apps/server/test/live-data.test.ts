/**
 * Live data rooms over real sockets: every socket with access is in home, tags and status updates;
 * a post's room only after `post:watch` and an access check. Mutations record their events in
 * their transaction; the pushes (invalidation signals) go out after commit, to the right room.
 * A ban sends `me:changed` and then closes the user's sockets opened with access.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WatchResult } from '@atelier/shared';
import { domainEvents, posts } from '../src/db/schema/index.ts';
import { SIGNAL_CHUNK } from '../src/live/emitter.ts';
import type { LiveServerSocket } from '../src/live/emitter.ts';
import { pushesOf } from '../src/live/handlers.ts';
import { postWatchListeners } from '../src/live/watch.ts';
import { useSockets, useUsers, useWritersApp } from './context.ts';
import { createUser, request, type TestUser, send } from './factories.ts';
import { newComment, newPost, newStatus } from './post-factories.ts';
import { collect, expectDispatched, next, pause, watch } from './live-sockets.ts';

describe('live: data rooms', () => {
  const t = useWritersApp();
  const kit = useSockets(t);
  const { alice, bob, mod } = useUsers(t, {
    alice: ['member'],
    bob: ['member'],
    mod: ['moderator'],
  });

  const post = async (u: TestUser, title = 'A post') => (await newPost(t, u, { title })).id;
  const comment = (u: TestUser, postId: string, body = 'Nice') => newComment(t, u, postId, body);
  const status = (u: TestUser, content = 'Writing today') => newStatus(t, u, content);
  const like = async (u: TestUser, path: string) => {
    const res = await request(t, { method: 'PUT', url: `${path}/like`, cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Lets every pending event go out, then a little time for the sockets. */
  const settle = async () => {
    await t.app.live.kick();
    await pause(100);
  };

  it("B's status update reaches A's socket in the status-updates and home rooms", async () => {
    const a = await kit.open(alice.cookie);
    const statuses = next(a, 'statusUpdates:changed');
    const home = next(a, 'home:changed');
    const id = await status(bob, 'Sketching tonight');
    expect(await statuses).toEqual({ statusId: id });
    expect(await home).toEqual({});

    // A reply under it and a like on it: the same room, naming the same status update.
    const replied = next(a, 'statusUpdates:changed', (p) => p.statusId === id);
    await send(
      t,
      alice,
      `POST /api/status-updates/${id}/replies`,
      { content: 'Good luck', replyToId: null },
      201,
    );
    await replied;
    const liked = next(a, 'statusUpdates:changed', (p) => p.statusId === id);
    await like(bob, `/api/status-updates/${id}`);
    await liked;
  });

  it('a broad signal reaches every socket in its room, written a chunk per turn', async () => {
    // More sockets than two chunks: the last chunk is a partial one.
    const sockets = await Promise.all(
      Array.from({ length: SIGNAL_CHUNK * 2 + 1 }, (_, i) =>
        kit.open((i % 2 === 0 ? alice : bob).cookie),
      ),
    );
    const reached = sockets.map((s) => next(s, 'home:changed'));
    await status(mod, 'Reading everything');
    expect(await Promise.all(reached)).toHaveLength(sockets.length);
  });

  it('a comment reaches the watchers of its post as post:changed, and no one else', async () => {
    const postId = await post(alice, 'Moonlight');
    const [watcher, elsewhere] = await Promise.all([kit.open(alice.cookie), kit.open(bob.cookie)]);
    expect(await watch(watcher, postId)).toEqual({ ok: true });
    const notWatching = collect(elsewhere, 'post:changed');
    const changed = next(watcher, 'post:changed');
    const homeToo = next(elsewhere, 'home:changed');
    await comment(bob, postId);
    expect(await changed).toEqual({ postId, post: true, comments: true });
    await homeToo; // the site's comment count is on the home page
    await settle();
    expect(notWatching).toEqual([]);
  });

  it('a like on a comment refreshes the comments of the watchers, not the post', async () => {
    const postId = await post(alice);
    const commentId = await comment(alice, postId);
    const a = await kit.open(alice.cookie);
    expect(await watch(a, postId)).toEqual({ ok: true });
    await settle();
    const seen = collect(a, 'post:changed');
    await like(bob, `/api/comments/${commentId}`);
    await settle();
    expect(seen).toEqual([{ postId, post: false, comments: true }]);
    // Liking again changes nothing: no event, no push.
    await like(bob, `/api/comments/${commentId}`);
    await settle();
    expect(seen).toHaveLength(1);
    // A like on the post itself.
    await like(bob, `/api/posts/${postId}`);
    await settle();
    expect(seen.at(-1)).toEqual({ postId, post: true, comments: false });
  });

  it('watching another post leaves the first; unwatch leaves it', async () => {
    const [first, second] = [await post(alice), await post(alice)];
    const a = await kit.open(alice.cookie);
    const seen = collect(a, 'post:changed');
    expect(await watch(a, first)).toEqual({ ok: true });
    expect(await watch(a, second)).toEqual({ ok: true });
    await comment(bob, first);
    await settle();
    expect(seen).toEqual([]);
    a.emit('post:unwatch', second);
    await pause(50);
    await comment(bob, second);
    await settle();
    expect(seen).toEqual([]);
  });

  it('of two watches in flight on a socket the last wins; other sockets keep their own', async () => {
    // The listeners are shared by every socket (watch.ts); called here directly, so that the
    // watches are surely in flight together (over the wire the client sends them a turn apart).
    const [first, second] = [await post(alice), await post(alice)];
    const joined = new Map<string, string[]>();
    const socketOf = (name: string) => {
      joined.set(name, []);
      return {
        data: { userId: alice.id },
        join: (room: string) => void joined.get(name)?.push(room),
        leave: () => undefined,
      } as unknown as LiveServerSocket;
    };
    const [a, b] = [socketOf('a'), socketOf('b')];
    const { watch: onWatch, unwatch: onUnwatch } = postWatchListeners(t.database.db, (err) => {
      throw err;
    });
    const answer = (socket: LiveServerSocket, postId: string) =>
      new Promise<WatchResult>((resolve) => onWatch.call(socket, postId, resolve));
    const answers = await Promise.all([answer(a, first), answer(b, first), answer(a, second)]);
    expect(answers).toEqual([
      { ok: false, error: 'errors.superseded' },
      { ok: true },
      { ok: true },
    ]);
    expect(joined).toEqual(
      new Map([
        ['a', [`post:${second}`]],
        ['b', [`post:${first}`]],
      ]),
    );
    // An unwatch sent while a watch is in flight wins too.
    const late = answer(b, second);
    onUnwatch.call(b, second);
    expect(await late).toEqual({ ok: false, error: 'errors.superseded' });
  });

  it('a client cannot watch a post it may not read, nor name a room', async () => {
    const postId = await post(alice, 'Removed one');
    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, postId));
    const b = await kit.open(bob.cookie);
    expect(await watch(b, postId)).toEqual({ ok: false, error: 'errors.postNotFound' });
    expect(await watch(b, 'not-a-uuid')).toEqual({ ok: false, error: 'errors.postNotFound' });
    expect(await watch(b, '00000000-0000-4000-8000-00000000dead')).toEqual({
      ok: false,
      error: 'errors.postNotFound',
    });
    const untyped = b as unknown as { emit: (event: string, ...args: unknown[]) => void };
    untyped.emit('join', `post:${postId}`);
    untyped.emit('subscribe', { room: `post:${postId}` });
    const seen = collect(b, 'post:changed');
    // Its author and a moderator may watch it; an edit by the author reaches them, not Bob.
    const [a, m] = await Promise.all([kit.open(alice.cookie), kit.open(mod.cookie)]);
    expect(await watch(a, postId)).toEqual({ ok: true });
    expect(await watch(m, postId)).toEqual({ ok: true });
    const toMod = next(m, 'post:changed');
    await send(t, alice, `PATCH /api/posts/${postId}`, { title: 'Edited' }, 200);
    expect(await toMod).toEqual({ postId, post: true, comments: false });
    await settle();
    expect(seen).toEqual([]);
  });

  it('a tag created by a moderator reaches every socket as tags:changed', async () => {
    const b = await kit.open(bob.cookie);
    const got = next(b, 'tags:changed');
    await send(t, mod, 'POST /api/tags', { labels: { en: `Ink ${Date.now()}` } }, 201);
    expect(await got).toEqual({});
  });

  it('a failed mutation records no event; a committed one is recorded and dispatched', async () => {
    const postId = await post(alice);
    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, postId));
    await settle();
    const count = async () => (await t.database.db.select().from(domainEvents)).length;
    const before = await count();
    await send(t, alice, `POST /api/posts/${postId}/comments`, { body: 'Too late' }, 409);
    expect(await count()).toBe(before);
    await status(alice);
    await settle();
    await expectDispatched(t, 'statusUpdate.created');
  });

  it('a batch of events sends each distinct push once', () => {
    const like = (targetId: string) =>
      ({
        type: 'like.changed',
        actorId: 'u',
        data: { target: 'statusUpdate', targetId, postId: null, statusId: 's1', likeCount: 1 },
      }) as const;
    const pushes = pushesOf([like('s1'), like('s1'), like('s1')]);
    expect(pushes.map((p) => `${p.room} ${p.event}`)).toEqual([
      'status-updates statusUpdates:changed',
      'home home:changed',
    ]);
  });

  it("a ban sends me:changed to the user's tabs, then closes them; a new socket is limited", async () => {
    const carol = await createUser(t, { roles: ['member'] });
    const [tab1, tab2] = await Promise.all([kit.open(carol.cookie), kit.open(carol.cookie)]);
    const other = await kit.open(bob.cookie);
    const otherHome = collect(other, 'home:changed');
    const order: string[] = [];
    tab1.on('me:changed', () => order.push('me:changed'));
    const closed1 = new Promise<string>((resolve) =>
      tab1.on('disconnect', (reason) => {
        order.push('disconnect');
        resolve(reason);
      }),
    );
    const closed2 = new Promise<string>((resolve) => tab2.on('disconnect', resolve));
    await send(t, mod, `POST /api/users/${carol.id}/ban`, { reason: 'Spam' }, 204);
    expect(await closed1).toBe('io server disconnect');
    expect(await closed2).toBe('io server disconnect');
    expect(order).toEqual(['me:changed', 'disconnect']);
    expect(other.connected).toBe(true);
    await settle();
    expect(otherHome.length).toBeGreaterThan(0); // the member count on the home page
    // A new socket is a limited one (live-access.test.ts): no data rooms.
    const limited = await kit.open(carol.cookie);
    expect(await watch(limited, await post(alice))).toEqual({
      ok: false,
      error: 'errors.noAccess',
    });
  });

  it('a change of one’s own displayed role reaches the user’s other tabs as me:changed', async () => {
    const dora = await createUser(t, { roles: ['member', 'probation-writer'] });
    const otherTab = await kit.open(dora.cookie);
    const heard = next(otherTab, 'me:changed');
    await send(t, dora, 'PATCH /api/me', { displayedRole: 'probation-writer' }, 200);
    expect((await heard).claimsModifiedTimestamp).toEqual(expect.any(String));
  });
});
