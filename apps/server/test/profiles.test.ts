import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comment, Page, Post, PostSummary, StatusUpdate, UserProfile } from '@atelier/shared';
import { posts, user } from '../src/db/schema/index.ts';
import { useAuthApp, useUsers } from './context.ts';
import { createUser, request, type TestUser, send } from './factories.ts';

describe('profiles', () => {
  const t = useAuthApp();
  const { alice, bob, mod } = useUsers(t, {
    alice: ['member'],
    bob: ['member'],
    mod: ['moderator'],
  });

  const profile = (u: TestUser, id: string) =>
    request(t, { method: 'GET', url: `/api/users/${id}`, cookie: u.cookie });
  const userPosts = (u: TestUser, id: string, query = '') =>
    request(t, { method: 'GET', url: `/api/users/${id}/posts${query}`, cookie: u.cookie });
  const createPost = async (u: TestUser, title = 'A title') => {
    const res = await send(
      t,
      u,
      'POST /api/posts',
      { section: 'general', title, body: 'Body', provenance: 'human' },
      201,
    );
    return res.json<Post>();
  };

  it('refuses every state without access', async () => {
    expect((await request(t, { method: 'GET', url: `/api/users/${alice.id}` })).statusCode).toBe(
      401,
    );
    for (const role of ['pending', 'rejected', 'banned'] as const) {
      const u = await createUser(t, { roles: [role] });
      expect((await profile(u, alice.id)).statusCode, role).toBe(403);
      expect((await userPosts(u, alice.id)).statusCode, role).toBe(403);
    }
  });

  it('shows a member’s profile with counts and total likes = post + comment + status-update likes', async () => {
    await t.database.db
      .update(user)
      .set({ bio: 'I paint.', links: ['https://example.com'] })
      .where(eq(user.id, alice.id));
    const post = await createPost(alice);
    const comment = (
      await send(t, alice, `POST /api/posts/${post.id}/comments`, { body: 'Mine' }, 201)
    ).json<Comment>();
    const reply = (
      await send(t, alice, `POST /api/comments/${comment.id}/replies`, { body: 'Also mine' }, 201)
    ).json<{ id: string }>();
    const status = (
      await send(t, alice, 'POST /api/status-updates', { content: 'Hello' }, 201)
    ).json<StatusUpdate>();
    const statusReply = (
      await send(
        t,
        alice,
        `POST /api/status-updates/${status.id}/replies`,
        { content: 'Me again' },
        201,
      )
    ).json<{ id: string }>();
    for (const u of [bob, mod]) {
      for (const url of [
        `/api/posts/${post.id}/like`,
        `/api/comments/${comment.id}/like`,
        `/api/comment-replies/${reply.id}/like`,
        `/api/status-updates/${status.id}/like`,
      ]) {
        expect((await request(t, { method: 'PUT', url, cookie: u.cookie })).statusCode, url).toBe(
          200,
        );
      }
    }
    await request(t, {
      method: 'PUT',
      url: `/api/status-replies/${statusReply.id}/like`,
      cookie: bob.cookie,
    });

    const res = await profile(bob, alice.id);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<UserProfile>();
    expect(p).toMatchObject({
      id: alice.id,
      username: alice.username,
      avatarPath: null,
      displayedRole: 'member',
      roles: ['member'],
      bio: 'I paint.',
      links: ['https://example.com'],
      postCount: 1,
      commentCount: 2,
      postLikeCount: 2,
      commentLikeCount: 4,
      statusUpdateLikeCount: 3,
      totalLikes: 9,
      isBanned: false,
      banReason: null,
    });
    expect(new Date(p.registrationTimestamp).getTime()).toBeLessThanOrEqual(Date.now());
    expect(p).not.toHaveProperty('email');

    // Unliking moves the counts back.
    await request(t, {
      method: 'DELETE',
      url: `/api/comment-replies/${reply.id}/like`,
      cookie: bob.cookie,
    });
    expect((await profile(bob, alice.id)).json<UserProfile>()).toMatchObject({
      commentLikeCount: 3,
      totalLikes: 8,
    });
  });

  it('404s unknown users and users without access (pending, rejected) except for moderators', async () => {
    const unknown = await profile(alice, 'no-such-user');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('errors.userNotFound');
    expect((await profile(alice, 'x'.repeat(500))).statusCode).toBe(404);
    for (const role of ['pending', 'rejected'] as const) {
      const u = await createUser(t, role === 'pending' ? {} : { roles: [role] });
      expect((await profile(alice, u.id)).statusCode, role).toBe(404);
      expect((await userPosts(alice, u.id)).statusCode, role).toBe(404);
      expect((await profile(mod, u.id)).json<UserProfile>().displayedRole, role).toBe(role);
    }
  });

  it('shows banned users, with the ban reason only to moderators', async () => {
    const banned = await createUser(t, { roles: ['banned'] });
    const seen = (await profile(alice, banned.id)).json<UserProfile>();
    expect(seen).toMatchObject({ isBanned: true, banReason: null, displayedRole: 'banned' });
    expect((await profile(mod, banned.id)).json<UserProfile>().banReason).toBe('Test ban');
  });

  it('lists a user’s published posts newest first with a cursor', async () => {
    const author = await createUser(t, { roles: ['member'] });
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push((await createPost(author, `Post ${i}`)).id);
    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, made[1]!));
    await createPost(bob, 'Not theirs');
    const first = await userPosts(alice, author.id, '?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<Page<PostSummary>>();
    expect(page1.items.map((p) => p.id)).toEqual([made[3], made[2]]);
    expect(page1.items[0]!.author.id).toBe(author.id);
    const page2 = (await userPosts(alice, author.id, `?limit=2&cursor=${page1.nextCursor}`)).json<
      Page<PostSummary>
    >();
    expect(page2.items.map((p) => p.id)).toEqual([made[0]]);
    expect(page2.nextCursor).toBeNull();
    expect((await userPosts(alice, author.id, '?cursor=bad')).statusCode).toBe(400);
  });
});
