/**
 * Likes on comments, comment replies, status updates and status replies (and posts): idempotent,
 * and exact under concurrency — 200 users liking at once give exactly 200, and every counter
 * (the target's like_count, the author's received likes) equals the like rows.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Comment,
  CommentReply,
  LikeState,
  Post,
  StatusReply,
  StatusUpdate,
} from '@atelier/shared';
import { counterDrift } from '../src/demo/counters.ts';
import { setLike, type LikeTarget } from '../src/features/likes/service.ts';
import { queryRows } from '../src/lib/sql.ts';
import { useUsers, useWritersApp } from './context.ts';
import { createUser, request, userRow, type TestUser } from './factories.ts';

const tables: Record<LikeTarget, { likes: string; table: string; url: string }> = {
  post: { likes: 'post_likes', table: 'posts', url: '/api/posts' },
  comment: { likes: 'comment_likes', table: 'comments', url: '/api/comments' },
  commentReply: {
    likes: 'comment_reply_likes',
    table: 'comment_replies',
    url: '/api/comment-replies',
  },
  statusUpdate: {
    likes: 'status_update_likes',
    table: 'status_updates',
    url: '/api/status-updates',
  },
  statusReply: {
    likes: 'status_update_reply_likes',
    table: 'status_update_replies',
    url: '/api/status-replies',
  },
};

describe('likes', () => {
  const t = useWritersApp();
  const { author, fan, other1, other2, other3 } = useUsers(t, {
    author: ['member'],
    fan: ['member'],
    other1: ['member'],
    other2: ['member'],
    other3: ['member'],
  });
  const others = [other1, other2, other3];
  const targets = {} as Record<LikeTarget, string>;

  beforeAll(async () => {
    const post = async <T>(url: string, payload: object) => {
      const res = await request(t, { method: 'POST', url, cookie: author.cookie, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<T>();
    };
    targets.post = (
      await post<Post>('/api/posts', {
        section: 'general',
        title: 'Liked',
        body: 'Body',
        provenance: 'human',
      })
    ).id;
    targets.comment = (
      await post<Comment>(`/api/posts/${targets.post}/comments`, { body: 'Comment' })
    ).id;
    targets.commentReply = (
      await post<CommentReply>(`/api/comments/${targets.comment}/replies`, { body: 'Reply' })
    ).id;
    targets.statusUpdate = (
      await post<StatusUpdate>('/api/status-updates', { content: 'Status' })
    ).id;
    targets.statusReply = (
      await post<StatusReply>(`/api/status-updates/${targets.statusUpdate}/replies`, {
        content: 'Reply',
      })
    ).id;
  });

  const like = (u: TestUser, target: LikeTarget, liked = true) =>
    request(t, {
      method: liked ? 'PUT' : 'DELETE',
      url: `${tables[target].url}/${targets[target]}/like`,
      cookie: u.cookie,
    });

  /** The target's like_count and its like rows. */
  const counts = async (target: LikeTarget) => {
    const { likes, table } = tables[target];
    const [row] = await queryRows<{ like_count: number; rows: number }>(
      t.database.db,
      sql`select like_count, (select count(*)::int from ${sql.identifier(likes)} where target_id = ${targets[target]}) as rows
          from ${sql.identifier(table)} where id = ${targets[target]}`,
    );
    return row!;
  };

  /** The author's received likes equal the like rows on everything they wrote. */
  const expectAuthorCountersExact = async () => {
    const [truth] = await queryRows<{ posts: number; comments: number; statuses: number }>(
      t.database.db,
      sql`select
            (select count(*)::int from post_likes l join posts p on p.id = l.target_id where p.author_id = ${author.id}) as posts,
            (select count(*)::int from comment_likes l join comments c on c.id = l.target_id where c.author_id = ${author.id})
              + (select count(*)::int from comment_reply_likes l join comment_replies r on r.id = l.target_id where r.author_id = ${author.id}) as comments,
            (select count(*)::int from status_update_likes l join status_updates s on s.id = l.target_id where s.author_id = ${author.id})
              + (select count(*)::int from status_update_reply_likes l join status_update_replies r on r.id = l.target_id where r.author_id = ${author.id}) as statuses`,
    );
    const row = await userRow(t, author.id);
    expect({
      posts: row.postLikeCount,
      comments: row.commentLikeCount,
      statuses: row.statusUpdateLikeCount,
    }).toEqual(truth);
    return row;
  };

  it('refuses users without access', async () => {
    expect(
      (await request(t, { method: 'PUT', url: `/api/comments/${targets.comment}/like` }))
        .statusCode,
    ).toBe(401);
    const banned = await createUser(t, { roles: ['banned'] });
    const pending = await createUser(t);
    for (const target of ['comment', 'commentReply', 'statusUpdate', 'statusReply'] as const) {
      expect((await like(banned, target)).statusCode, target).toBe(403);
      expect((await like(pending, target, false)).statusCode, target).toBe(403);
    }
  });

  it('like / unlike / like from one user gives 1; PUT twice gives 1; DELETE twice gives 0', async () => {
    for (const target of ['comment', 'commentReply', 'statusUpdate', 'statusReply'] as const) {
      expect((await like(fan, target)).json<LikeState>(), target).toEqual({
        liked: true,
        likeCount: 1,
      });
      expect((await like(fan, target, false)).json<LikeState>(), target).toEqual({
        liked: false,
        likeCount: 0,
      });
      expect((await like(fan, target)).json<LikeState>(), target).toEqual({
        liked: true,
        likeCount: 1,
      });
      expect((await like(fan, target)).json<LikeState>(), target).toEqual({
        liked: true,
        likeCount: 1,
      });
      expect(await counts(target)).toEqual({ like_count: 1, rows: 1 });
    }
    const row = await expectAuthorCountersExact();
    expect(row.commentLikeCount).toBe(2);
    expect(row.statusUpdateLikeCount).toBe(2);
    for (const target of ['comment', 'commentReply', 'statusUpdate', 'statusReply'] as const) {
      expect((await like(fan, target, false)).json<LikeState>()).toEqual({
        liked: false,
        likeCount: 0,
      });
      expect((await like(fan, target, false)).json<LikeState>()).toEqual({
        liked: false,
        likeCount: 0,
      });
    }
    await expectAuthorCountersExact();
  });

  it('answers 404 for unknown targets', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [url, code] of [
      ['/api/comments', 'errors.commentNotFound'],
      ['/api/comment-replies', 'errors.commentNotFound'],
      ['/api/status-updates', 'errors.statusUpdateNotFound'],
      ['/api/status-replies', 'errors.statusUpdateNotFound'],
    ] as const) {
      expect(
        (
          await request(t, { method: 'PUT', url: `${url}/not-a-uuid/like`, cookie: fan.cookie })
        ).json().error.code,
      ).toBe(code);
      expect(
        (await request(t, { method: 'PUT', url: `${url}/${missing}/like`, cookie: fan.cookie }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('200 concurrent likes from 200 users give exactly 200, on every target', async () => {
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into "user" (id, username, email, email_verified, roles, displayed_role)
          select 'crowd-' || g || '-' || md5(random()::text), 'crowd' || g || substr(md5(random()::text), 1, 6),
                 'crowd' || g || '-' || substr(md5(random()::text), 1, 8) || '@example.com', true, '{member}', 'member'
          from generate_series(1, 200) g
          returning id`,
    );
    expect(rows).toHaveLength(200);
    const crowd = rows.map((r) => r.id);

    for (const target of Object.keys(tables) as LikeTarget[]) {
      const before = await counts(target);
      const [results] = await Promise.all([
        Promise.all(crowd.map((id) => setLike(t.database.db, target, targets[target], id, true))),
        // A few real HTTP likes at the same time, some of them twice.
        Promise.all([...others, ...others].map((u) => like(u, target))),
      ]);
      expect(results.every((r) => r.liked)).toBe(true);
      const after = await counts(target);
      expect(after.rows, target).toBe(before.rows + 200 + others.length);
      expect(after.like_count, target).toBe(after.rows);
      expect(Math.max(...results.map((r) => r.likeCount))).toBeLessThanOrEqual(after.like_count);
    }
    const row = await expectAuthorCountersExact();
    expect(row.postLikeCount).toBe(200 + others.length);
    expect(row.commentLikeCount).toBe(2 * (200 + others.length));
    expect(row.statusUpdateLikeCount).toBe(2 * (200 + others.length));

    // The same crowd liking again and unliking at once settles exactly too.
    await Promise.all(
      crowd.flatMap((id, i) => [
        setLike(t.database.db, 'comment', targets.comment, id, true),
        setLike(t.database.db, 'comment', targets.comment, id, i % 2 === 0),
      ]),
    );
    const mixed = await counts('comment');
    expect(mixed.like_count).toBe(mixed.rows);
    await Promise.all(
      crowd.map((id) => setLike(t.database.db, 'statusReply', targets.statusReply, id, false)),
    );
    expect(await counts('statusReply')).toEqual({ like_count: others.length, rows: others.length });
    await expectAuthorCountersExact();
    expect(await counterDrift(t.database.db)).toEqual([]);
  }, 180_000);
});
