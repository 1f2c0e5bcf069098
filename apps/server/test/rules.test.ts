/**
 * Rules without holes (issue 9): look-alike usernames are taken, the common-password rule holds
 * on every path that sets a password, nothing under a removed post can be liked, and deleting a
 * post does not give back a probation post of the day.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentReply, Post } from '@atelier/shared';
import { backfillUsernameSkeletons, usernameKey } from '../src/auth/username.ts';
import { posts, user } from '../src/db/schema/index.ts';
import { queryRows } from '../src/lib/sql.ts';
import {
  PASSWORD,
  createUser,
  lastLink,
  registerUser,
  request,
  requestAs,
  signIn,
  tokenOf,
  userRow,
  type TestUser,
  send,
} from './factories.ts';
import { useAuthApp, useUsers, useWritersApp } from './context.ts';
import { createPost } from './post-factories.ts';

describe('look-alike usernames', () => {
  const t = useAuthApp();
  beforeAll(async () => {
    await registerUser(t, { username: 'demo-mod', email: 'demo-mod@example.com' });
  });

  const register = (username: string, email: string) =>
    request(t, {
      method: 'POST',
      url: '/api/register',
      payload: { username, email, password: PASSWORD },
    });

  it('computes one key for the look-alikes of a name', () => {
    const key = usernameKey('demo-mod');
    for (const name of [
      'd\u0435mo-mod',
      'ｄｅｍｏ－ｍｏｄ',
      '\u217Eemo-\u217Fo\u217E',
      'DEMO-MOD',
      'demo-rnod',
    ]) {
      expect(usernameKey(name), name).toBe(key);
    }
    // Roman numerals and digits that look like I / l (TR39: Ⅰ → I → l, 1 → l).
    expect(usernameKey('\u2160van')).toBe(usernameKey('lvan'));
    expect(usernameKey('1van')).toBe(usernameKey('Ivan'));
    expect(usernameKey('anna')).not.toBe(usernameKey('anne'));
  });

  it.each([
    ['Cyrillic е', 'd\u0435mo-mod', 'cyrillic@example.com'],
    ['fullwidth', 'ｄｅｍｏ－ｍｏｄ', 'fullwidth@example.com'],
    ['Roman numerals', '\u217Eemo-\u217Fo\u217E', 'roman@example.com'],
    ['rn for m', 'demo-rnod', 'rn@example.com'],
  ])(
    'refuses a %s copy of demo-mod at sign-up with 409 errors.usernameTaken',
    async (_label, username, email) => {
      const res = await register(username, email);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'errors.usernameTaken',
        fields: { username: 'errors.usernameTaken' },
      });
      const [row] = await t.database.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, email));
      expect(row).toBeUndefined();
    },
  );

  it('stores the NFKC form and its key', async () => {
    const u = await registerUser(t, {
      username: 'ｑｕｉｌｌ　ｋｅｅｐｅｒ',
      email: 'quill@example.com',
    });
    const row = await userRow(t, u.id);
    expect(row.username).toBe('quill keeper');
    expect(row.usernameSkeleton).toBe(usernameKey('quill keeper'));
  });

  it('refuses a rename to a look-alike with 409, allows one to a look-alike of the own name', async () => {
    const u = await registerUser(t, { username: 'sam-writes', email: 'sam@example.com' });
    const rename = (username: string) =>
      request(t, { method: 'PATCH', url: '/api/me', cookie: u.cookie, payload: { username } });
    for (const name of ['d\u0435mo-mod', 'ｄｅｍｏ-ｍｏｄ', '\u217Eemo-\u217Fo\u217E']) {
      const res = await rename(name);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().error.code).toBe('errors.usernameTaken');
    }
    expect((await userRow(t, u.id)).username).toBe('sam-writes');
    const own = await rename('ＳＡＭ-ｗｒｉｔｅｓ');
    expect(own.statusCode).toBe(200);
    expect(own.json().username).toBe('SAM-writes');
    expect((await userRow(t, u.id)).usernameSkeleton).toBe(usernameKey('sam-writes'));
  });

  it('fills the key of rows written without one, once, and keeps look-alikes apart', async () => {
    await t.database.db.insert(user).values([
      { id: 'old-1', username: 'Old Timer', email: 'old1@example.com' },
      { id: 'old-2', username: 'O1d Timer', email: 'old2@example.com' },
    ]);
    expect(await backfillUsernameSkeletons(t.database.db)).toBe(1);
    expect(await backfillUsernameSkeletons(t.database.db)).toBe(0);
    const keys = (
      await t.database.db.select({ id: user.id, key: user.usernameSkeleton }).from(user)
    ).filter((r) => r.id.startsWith('old-'));
    expect(keys.map((r) => r.key).sort()).toEqual([null, usernameKey('Old Timer')]);
    const res = await register('0ld Timer', 'old3@example.com');
    expect(res.statusCode).toBe(409);
  });
});

describe('the common-password rule on every path that sets a password', () => {
  const t = useAuthApp();

  it('refuses password123 at reset, and the old password still works', async () => {
    const u = await createUser(t);
    await request(t, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: u.email },
    });
    const token = tokenOf(lastLink(t, u.email, 'resetPassword'));
    const res = await send(
      t,
      null,
      'POST /api/auth/reset-password',
      { token, newPassword: 'password123' },
      400,
    );
    expect(res.json().error).toMatchObject({
      code: 'errors.validation',
      fields: { newPassword: 'errors.passwordCommon' },
    });
    await signIn(t, u.email, PASSWORD);
    // The link was not used up by the refusal.
    await send(
      t,
      null,
      'POST /api/auth/reset-password',
      { token, newPassword: 'an uncommon passphrase' },
      200,
    );
  });

  it('refuses password123 at change, and the old password still works', async () => {
    const u = await createUser(t);
    const res = await send(
      t,
      u,
      'POST /api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'password123' },
      400,
    );
    expect(res.json().error).toMatchObject({
      code: 'errors.validation',
      fields: { newPassword: 'errors.passwordCommon' },
    });
    await signIn(t, u.email, PASSWORD);
  });
});

describe('nothing under a removed post changes; deleted posts still count for probation', () => {
  // The probation case writes and deletes posts faster than the per-user limit allows.
  const t = useWritersApp();
  const { author, fan } = useUsers(t, { author: ['member'], fan: ['member'] });

  const post = async <T>(u: TestUser, url: string, payload: object) => {
    const res = await request(t, { method: 'POST', url, cookie: u.cookie, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  };

  it('refuses likes and unlikes of the comments and replies of a removed post', async () => {
    const p = await post<Post>(author, '/api/posts', {
      section: 'general',
      title: 'Soon removed',
      body: 'Body',
      provenance: 'human',
    });
    const c = await post<Comment>(author, `/api/posts/${p.id}/comments`, { body: 'Comment' });
    const r = await post<CommentReply>(author, `/api/comments/${c.id}/replies`, { body: 'Reply' });
    const likeUrls = [`/api/comments/${c.id}/like`, `/api/comment-replies/${r.id}/like`];
    for (const url of likeUrls)
      expect((await request(t, { method: 'PUT', url, cookie: fan.cookie })).statusCode).toBe(200);

    await t.database.db
      .update(posts)
      .set({ state: 'removed', removedAt: new Date() })
      .where(eq(posts.id, p.id));
    for (const url of likeUrls) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await request(t, { method, url, cookie: fan.cookie });
        expect(res.statusCode, `${method} ${url}`).toBe(409);
        expect(res.json().error.code).toBe('errors.postRemoved');
      }
    }
    // The author (who still sees the post) cannot like under it either.
    expect(
      (await request(t, { method: 'PUT', url: likeUrls[0]!, cookie: author.cookie })).statusCode,
    ).toBe(409);
    expect(
      (await request(t, { method: 'PUT', url: `/api/posts/${p.id}/like`, cookie: fan.cookie }))
        .statusCode,
    ).toBe(404);
    const [counts] = await queryRows<{ c: number; r: number }>(
      t.database.db,
      sql`select (select like_count from comments where id = ${c.id}) as c, (select like_count from comment_replies where id = ${r.id}) as r`,
    );
    expect(counts).toEqual({ c: 1, r: 1 });
    // Nor answered.
    for (const url of [`/api/posts/${p.id}/comments`, `/api/comments/${c.id}/replies`]) {
      const answer = await requestAs(t, author, `POST ${url}`, { body: 'More' });
      expect(answer.json().error.code, url).toBe('errors.postRemoved');
    }
  });

  it('counts deleted posts of the day towards the probation limit', async () => {
    const p = await createUser(t, { roles: ['probation-faker'] });
    for (let i = 0; i < 3; i++) {
      const res = await createPost(t, p, {
        section: 'fakes',
        provenance: 'fake',
        title: `Fake ${i}`,
      });
      expect(res.statusCode).toBe(201);
      await send(t, p, `DELETE /api/posts/${res.json<{ id: string }>().id}`, undefined, 204);
    }
    const fourth = await createPost(t, p, { section: 'fakes', provenance: 'fake' });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error.code).toBe('errors.probationLimit');
    // A day later the limit is back.
    await t.database.db.execute(
      sql`update post_creations set created_at = created_at - interval '25 hours' where author_id = ${p.id}`,
    );
    expect((await createPost(t, p, { section: 'fakes', provenance: 'fake' })).statusCode).toBe(201);
  });
});
