/**
 * Likes on posts, comments, comment replies, status updates and status replies: one code path for
 * all five. Idempotent (liking twice is one like) and exact under concurrency: the like row's
 * primary key (target, user) decides, and the target's counter and its author's received-likes
 * counter move in the same transaction, only when a row was really inserted or deleted.
 */
import { sql, type SQL } from 'drizzle-orm';
import { excerptOf, maySeePost, type LikeState, type Liker, type Page } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  commentLikes,
  commentReplyLikes,
  postLikes,
  statusReplyLikes,
  statusUpdateLikes,
  type UserRow,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { LikedView } from '../../lib/http-cache.ts';
import { andThen, type MaybePromise, type PayloadCache } from '../../lib/payload-cache.ts';
import { queryRows } from '../../lib/sql.ts';
import { recordEvent } from '../../live/events.ts';
import { cursorTs, decodeTimeCursor, encodeTimeCursor } from '../../lib/cursor.ts';
import { iso } from '../../lib/time.ts';
import { presentPublicUser } from '../users/presenter.ts';

export const likeTargets = [
  'post',
  'comment',
  'commentReply',
  'statusUpdate',
  'statusReply',
] as const;
export type LikeTarget = (typeof likeTargets)[number];

/** Each kind of target with its like table (user_id, target_id, created_at). */
export const likeTables = [
  ['post', postLikes],
  ['comment', commentLikes],
  ['commentReply', commentReplyLikes],
  ['statusUpdate', statusUpdateLikes],
  ['statusReply', statusReplyLikes],
] as const satisfies readonly (readonly [LikeTarget, unknown])[];

interface TargetSpec {
  /** The like table (primary key target_id, user_id) and the liked table (id, author_id, like_count). */
  likes: string;
  table: string;
  /** Extra condition for a target that may be liked (published post, comment not deleted). */
  visible: string;
  /** The author's counter of received likes (total likes = post + comment + status update). */
  authorCounter: 'post_like_count' | 'comment_like_count' | 'status_update_like_count';
  notFound: string;
  /**
   * For what lives under a post: the state of that post. Nothing under a removed post can be
   * liked or unliked (409 errors.postRemoved); the post itself is refused by `visible`.
   */
  postState?: string;
  /** The column naming the post or status update the target lives under (for live pushes). */
  parent: { column: 'id' | 'post_id' | 'status_id'; kind: 'post' | 'status' };
}

const specs: Record<LikeTarget, TargetSpec> = {
  post: {
    likes: 'post_likes',
    table: 'posts',
    visible: "state = 'published'",
    authorCounter: 'post_like_count',
    notFound: 'errors.postNotFound',
    parent: { column: 'id', kind: 'post' },
  },
  comment: {
    likes: 'comment_likes',
    table: 'comments',
    visible: 'deleted_at is null',
    authorCounter: 'comment_like_count',
    notFound: 'errors.commentNotFound',
    postState: '(select p.state from posts p where p.id = post_id)',
    parent: { column: 'post_id', kind: 'post' },
  },
  commentReply: {
    likes: 'comment_reply_likes',
    table: 'comment_replies',
    visible: 'true',
    authorCounter: 'comment_like_count',
    notFound: 'errors.commentNotFound',
    postState: '(select p.state from posts p where p.id = post_id)',
    parent: { column: 'post_id', kind: 'post' },
  },
  statusUpdate: {
    likes: 'status_update_likes',
    table: 'status_updates',
    visible: 'true',
    authorCounter: 'status_update_like_count',
    notFound: 'errors.statusUpdateNotFound',
    parent: { column: 'id', kind: 'status' },
  },
  statusReply: {
    likes: 'status_update_reply_likes',
    table: 'status_update_replies',
    visible: 'true',
    authorCounter: 'status_update_like_count',
    notFound: 'errors.statusUpdateNotFound',
    parent: { column: 'status_id', kind: 'status' },
  },
};

/** Likes (`liked` true) or unlikes a target for a user; returns the settled state. */
export async function setLike(
  db: Db,
  target: LikeTarget,
  targetId: string,
  userId: string,
  liked: boolean,
): Promise<LikeState> {
  const spec = specs[target];
  const likes = sql.identifier(spec.likes);
  const table = sql.identifier(spec.table);
  return db.transaction(async (tx) => {
    const [found] = await queryRows<{
      author_id: string;
      like_count: number;
      parent_id: string;
      post_state: string | null;
    }>(
      tx,
      // Locked, so a delete of the target cannot slip between this check and the counter update.
      sql`select author_id, like_count, ${sql.identifier(spec.parent.column)} as parent_id, ${sql.raw(spec.postState ?? 'null')} as post_state from ${table} where id = ${targetId} and ${sql.raw(spec.visible)} for no key update`,
    );
    if (!found) throw notFound(spec.notFound);
    if (spec.postState && found.post_state !== 'published') throw conflict('errors.postRemoved');

    const changed = liked
      ? await queryRows(
          tx,
          sql`insert into ${likes} (target_id, user_id) values (${targetId}, ${userId}) on conflict do nothing returning user_id`,
        )
      : await queryRows(
          tx,
          sql`delete from ${likes} where target_id = ${targetId} and user_id = ${userId} returning user_id`,
        );
    if (changed.length === 0) return { liked, likeCount: found.like_count };

    const delta = liked ? 1 : -1;
    const [updated] = await queryRows<{ like_count: number }>(
      tx,
      sql`update ${table} set like_count = like_count + ${delta} where id = ${targetId} returning like_count`,
    );
    const counter = sql.identifier(spec.authorCounter);
    await tx.execute(
      sql`update "user" set ${counter} = ${counter} + ${delta} where id = ${found.author_id}`,
    );
    const likeCount = updated?.like_count ?? 0;
    await recordEvent(tx, {
      type: 'like.changed',
      actorId: userId,
      data: {
        target,
        targetId,
        postId: spec.parent.kind === 'post' ? found.parent_id : null,
        statusId: spec.parent.kind === 'status' ? found.parent_id : null,
        likeCount,
      },
    });
    if (liked && found.author_id !== userId) {
      const about = await likedItem(tx, target, targetId);
      if (about) {
        await recordEvent(tx, {
          type: 'like.added',
          actorId: userId,
          data: { recipientId: found.author_id, target, targetId, ...about },
        });
      }
    }
    return { liked, likeCount };
  });
}

/** What a like notification shows of the liked item (its post, status update, text). */
async function likedItem(tx: Tx, target: LikeTarget, targetId: string) {
  const query = {
    post: sql`select p.id as post_id, p.author_id as post_author_id, p.title, null::uuid as comment_id, null::uuid as reply_id, null::uuid as status_id, '' as content from posts p where p.id = ${targetId}`,
    comment: sql`select p.id as post_id, p.author_id as post_author_id, p.title, c.id as comment_id, null::uuid as reply_id, null::uuid as status_id, c.body as content from comments c join posts p on p.id = c.post_id where c.id = ${targetId}`,
    commentReply: sql`select p.id as post_id, p.author_id as post_author_id, p.title, r.comment_id, r.id as reply_id, null::uuid as status_id, r.body as content from comment_replies r join posts p on p.id = r.post_id where r.id = ${targetId}`,
    statusUpdate: sql`select null::uuid as post_id, null::text as post_author_id, null::text as title, null::uuid as comment_id, null::uuid as reply_id, s.id as status_id, s.content from status_updates s where s.id = ${targetId}`,
    statusReply: sql`select null::uuid as post_id, null::text as post_author_id, null::text as title, null::uuid as comment_id, r.id as reply_id, r.status_id, r.content from status_update_replies r where r.id = ${targetId}`,
  }[target];
  const [row] = await queryRows<{
    post_id: string | null;
    post_author_id: string | null;
    title: string | null;
    comment_id: string | null;
    reply_id: string | null;
    status_id: string | null;
    content: string;
  }>(tx, query);
  if (!row) return null;
  return {
    post:
      row.post_id && row.post_author_id
        ? { postId: row.post_id, postAuthorId: row.post_author_id, title: row.title ?? '' }
        : null,
    statusId: row.status_id,
    commentId: row.comment_id,
    replyId: row.reply_id,
    content: excerptOf(row.content, 200),
  };
}

/** Which of these targets the viewer likes: one query, for lists (no N+1). */
export async function likedIds(
  db: Tx,
  target: LikeTarget,
  targetIds: readonly string[],
  userId: string,
): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const likes = sql.identifier(specs[target].likes);
  const rows = await queryRows<{ target_id: string }>(
    db,
    sql`select target_id from ${likes} where user_id = ${userId} and target_id = any(${sql.param([...targetIds])}::uuid[])`,
  );
  return new Set(rows.map((r) => r.target_id));
}

/**
 * A column (`viewer_liked`) telling whether the viewer likes the row `alias`.id of `target`: a read
 * that brings the viewer's likes with its rows, in the same statement (the likes' primary key).
 */
export const viewerLikedColumn = (target: LikeTarget, alias: string, viewerId: string): SQL =>
  sql`exists(select 1 from ${sql.identifier(specs[target].likes)} l
    where l.user_id = ${viewerId} and l.target_id = ${sql.raw(alias)}.id) as viewer_liked`;

/** The ids of the rows read with `viewerLikedColumn` that the viewer likes. */
export const likedRows = (rows: readonly { id: string; viewer_liked?: unknown }[]): Set<string> =>
  new Set(rows.filter((r) => r.viewer_liked === true).map((r) => r.id));

/**
 * A page read with a viewer's likes, split into what every viewer sees (liked false: a shared
 * payload) and the ids the viewer likes (lib/payload-cache.ts `withViewerPart`).
 */
export function splitLiked<
  K extends string,
  P extends Record<K, readonly { id: string; liked: boolean }[]>,
>(page: P, key: K): { value: P; part: Set<string> } {
  const items = page[key];
  const part = new Set(items.filter((i) => i.liked).map((i) => i.id));
  if (part.size === 0) return { value: page, part };
  return { value: { ...page, [key]: items.map((i) => ({ ...i, liked: false })) }, part };
}

/**
 * The cached payload `key` and the viewer's likes among its items of `target` (`ids`), kept with
 * it (lib/payload-cache.ts `withViewerPart`): on a miss `loadBoth` reads both in one statement;
 * on a hit the viewer's first read runs one (`likedIds`), a read they repeat none.
 */
export function likedView<T>(
  db: Tx,
  cache: PayloadCache,
  key: string,
  viewerId: string,
  target: LikeTarget,
  loadBoth: () => Promise<{ value: T; part: Set<string> }>,
  ids: (value: T) => readonly string[],
): MaybePromise<LikedView<T>> {
  return andThen(
    cache.withViewerPart(key, viewerId, loadBoth, (value) =>
      likedIds(db, target, ids(value), viewerId),
    ),
    ({ cached, part }) => ({ cached, liked: [part] }),
  );
}

/**
 * `likedView` of a payload whose list `field` holds posts: `load` reads it with the viewer's
 * likes (liked true where they like), split into the shared value and the viewer's part.
 */
export function likedPostsView<
  K extends string,
  P extends Record<K, readonly { id: string; liked: boolean }[]>,
>(
  db: Tx,
  cache: PayloadCache,
  key: string,
  viewerId: string,
  field: K,
  load: () => Promise<P>,
): MaybePromise<LikedView<P>> {
  return likedView(
    db,
    cache,
    key,
    viewerId,
    'post',
    async () => splitLiked(await load(), field),
    (value) => value[field].map((i) => i.id),
  );
}

/**
 * Which of these targets of several kinds the viewer likes, in ONE statement (a `union all` over
 * the like tables): the viewer's part of a cached page (a comment page: comments and replies).
 * Returns one set per kind asked.
 */
export async function likedIdsMany(
  db: Tx,
  targets: Partial<Record<LikeTarget, readonly string[]>>,
  userId: string,
): Promise<Record<LikeTarget, Set<string>>> {
  const out = Object.fromEntries(Object.keys(specs).map((k) => [k, new Set<string>()])) as Record<
    LikeTarget,
    Set<string>
  >;
  const parts = (Object.entries(targets) as [LikeTarget, readonly string[]][])
    .filter(([, ids]) => ids.length > 0)
    .map(
      ([target, ids]) =>
        sql`select ${target}::text as target, target_id from ${sql.identifier(specs[target].likes)} where user_id = ${userId} and target_id = any(${sql.param([...ids])}::uuid[])`,
    );
  if (parts.length === 0) return out;
  const rows = await queryRows<{ target: LikeTarget; target_id: string }>(
    db,
    sql.join(parts, sql` union all `),
  );
  for (const r of rows) out[r.target].add(r.target_id);
  return out;
}

/** The likers cursor is a time cursor keyed by [like time with microseconds, user id]. */
const userIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Who liked a target, newest like first (keyset cursor on the like's time and user id). The
 * target must be one the viewer can open: a post published (or the viewer's own / a moderator's
 * view of a removed one), and what lives under a post follows that post.
 */
export async function listLikers(
  db: Tx,
  viewer: UserRow,
  target: LikeTarget,
  targetId: string,
  query: { cursor?: string; limit?: number },
): Promise<Page<Liker>> {
  const spec = specs[target];
  const table = sql.identifier(spec.table);
  const likes = sql.identifier(spec.likes);
  const postOf =
    target === 'post'
      ? sql`select p.state, p.author_id from posts p where p.id = t.id`
      : spec.parent.kind === 'post'
        ? sql`select p.state, p.author_id from posts p where p.id = t.post_id`
        : sql`select 'published'::text as state, null::text as author_id`;
  const [found] = await queryRows<{ state: string; author_id: string | null }>(
    db,
    sql`select pp.state, pp.author_id from ${table} t cross join lateral (${postOf}) pp where t.id = ${targetId}`,
  );
  if (!found || !maySeePost(viewer, { state: found.state, authorId: found.author_id }))
    throw notFound(spec.notFound);

  const limit = query.limit ?? 30;
  const after = query.cursor ? decodeTimeCursor(query.cursor, userIdPattern) : null;
  const rows = await queryRows<{
    user_id: string;
    created_at: Date | string;
    cursor_ts: string;
    username: string;
    displayed_role: UserRow['displayedRole'];
    avatar_path: string | null;
  }>(
    db,
    sql`select l.user_id, l.created_at, ${cursorTs('l.created_at')} as cursor_ts, u.username,
          u.displayed_role, u.avatar_path
        from ${likes} l join "user" u on u.id = l.user_id
        where l.target_id = ${targetId}
        ${after ? sql`and (l.created_at, l.user_id) < (${after[0]}::timestamptz, ${after[1]})` : sql``}
        order by l.created_at desc, l.user_id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      user: presentPublicUser({
        id: r.user_id,
        username: r.username,
        displayedRole: r.displayed_role,
        avatarPath: r.avatar_path,
      }),
      likedAt: iso(r.created_at),
    })),
    nextCursor:
      rows.length > limit && last ? encodeTimeCursor([last.cursor_ts, last.user_id]) : null,
  };
}
