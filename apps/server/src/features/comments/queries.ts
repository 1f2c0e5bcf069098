/**
 * Comment reads. A page of comments is a bounded number of statements whatever its size: the
 * comments with their authors, all their replies with authors in one statement, and the viewer's
 * likes among the comments and among the replies (one batch each).
 */
import { sql } from 'drizzle-orm';
import { pageSize, type Comment, type CommentReply, type Page } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { cursorTs, decodeTimeCursor, encodeTimeCursor } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import type { PayloadCache } from '../../lib/payload-cache.ts';
import { likedIds, likedIdsMany } from '../likes/service.ts';
import { canSeePost } from '../posts/policy.ts';
import { sharedPost } from '../posts/queries.ts';
import { commentNotFound, replyNotFound } from './service.ts';
import {
  presentComment,
  presentCommentReply,
  type CommentReplyRow,
  type CommentRow,
} from './presenter.ts';

const commentSelect = sql`
  select c.id, c.post_id, c.author_id, c.body, c.like_count, c.reply_count, c.edition_count,
    c.edition_at, c.deleted_at, c.created_at, ${cursorTs('c.created_at')} as cursor_ts,
    u.username as author_username, u.displayed_role as author_displayed_role,
    u.avatar_path as author_avatar_path
  from comments c join "user" u on u.id = c.author_id`;

const replySelect = sql`
  select r.id, r.comment_id, r.post_id, r.author_id, r.body, r.replying_to_reply_id,
    r.replying_to_author_id, r.replying_to_excerpt, r.like_count, r.edition_count, r.edition_at,
    r.created_at,
    u.username as author_username, u.displayed_role as author_displayed_role,
    u.avatar_path as author_avatar_path,
    tu.username as to_username, tu.displayed_role as to_displayed_role,
    tu.avatar_path as to_avatar_path
  from comment_replies r
  join "user" u on u.id = r.author_id
  left join "user" tu on tu.id = r.replying_to_author_id`;

async function repliesOf(
  db: Tx,
  commentIds: readonly string[],
  viewerId: string | null,
): Promise<Map<string, CommentReply[]>> {
  const byComment = new Map<string, CommentReply[]>();
  if (commentIds.length === 0) return byComment;
  const rows = await queryRows<CommentReplyRow>(
    db,
    sql`${replySelect} where r.comment_id = any(${sql.param([...commentIds])}::uuid[])
        order by r.comment_id, r.created_at, r.id`,
  );
  const liked =
    viewerId === null
      ? new Set<string>()
      : await likedIds(
          db,
          'commentReply',
          rows.map((r) => r.id),
          viewerId,
        );
  for (const row of rows) {
    const list = byComment.get(row.comment_id) ?? [];
    list.push(presentCommentReply(row, liked.has(row.id)));
    byComment.set(row.comment_id, list);
  }
  return byComment;
}

async function present(db: Tx, rows: CommentRow[], viewerId: string | null): Promise<Comment[]> {
  const ids = rows.map((r) => r.id);
  const replies = await repliesOf(db, ids, viewerId);
  const liked =
    viewerId === null ? new Set<string>() : await likedIds(db, 'comment', ids, viewerId);
  return rows.map((r) => presentComment(r, liked.has(r.id), replies.get(r.id) ?? []));
}

/** A post's comments, oldest first, each with all its replies (oldest first); no viewer: liked false. */
export async function listComments(
  db: Tx,
  postId: string,
  viewerId: string | null,
  options: { cursor?: string; limit?: number } = {},
): Promise<Page<Comment>> {
  const limit = options.limit ?? pageSize.comments;
  const after = options.cursor ? decodeTimeCursor(options.cursor) : undefined;
  const rows = await queryRows<CommentRow>(
    db,
    sql`${commentSelect}
        where c.post_id = ${postId}
        ${after ? sql`and (c.created_at, c.id) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
        order by c.created_at, c.id
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await present(db, page, viewerId),
    nextCursor: rows.length > limit && last ? encodeTimeCursor([last.cursor_ts, last.id]) : null,
  };
}

/** One comment with its replies, as the viewer sees it (404 errors.commentNotFound if gone). */
export async function loadComment(db: Tx, id: string, viewerId: string): Promise<Comment> {
  const rows = await queryRows<CommentRow>(db, sql`${commentSelect} where c.id = ${id}`);
  const [comment] = await present(db, rows, viewerId);
  if (!comment) throw commentNotFound();
  return comment;
}

/** One comment reply, as the viewer sees it (404 errors.replyNotFound if gone). */
export async function loadReply(db: Tx, id: string, viewerId: string): Promise<CommentReply> {
  const [row] = await queryRows<CommentReplyRow>(db, sql`${replySelect} where r.id = ${id}`);
  if (!row) throw replyNotFound();
  const liked = await likedIds(db, 'commentReply', [row.id], viewerId);
  return presentCommentReply(row, liked.has(row.id));
}

/**
 * A page of a post's comments as this viewer sees them (404 when the post is not theirs to see):
 * the post's shared part and the page without likes from the node's payload cache, then the
 * viewer's likes among the comments and their replies in one statement (the one of a cache hit).
 */
export async function readCommentsFor(
  db: Tx,
  cache: PayloadCache,
  postId: string,
  viewer: Pick<UserRow, 'id' | 'roles'>,
  options: { cursor?: string; limit?: number } = {},
): Promise<Page<Comment>> {
  const post = await sharedPost(db, cache, postId);
  if (!post || !canSeePost(viewer, { state: post.row.state, authorId: post.row.author_id }))
    throw notFound('errors.postNotFound');
  const key = `comments:${postId}:${JSON.stringify([options.cursor, options.limit])}`;
  const shared = (await cache.get(key, () => listComments(db, postId, null, options))).value;
  const replyIds = shared.items.flatMap((c) => c.replies.map((r) => r.id));
  const liked = await likedIdsMany(
    db,
    { comment: shared.items.map((c) => c.id), commentReply: replyIds },
    viewer.id,
  );
  if (liked.comment.size === 0 && liked.commentReply.size === 0) return shared;
  return {
    ...shared,
    items: shared.items.map((c) => ({
      ...c,
      // A deleted comment is never shown as liked (presenter.ts).
      liked: !c.deleted && liked.comment.has(c.id),
      replies: c.replies.map((r) => (liked.commentReply.has(r.id) ? { ...r, liked: true } : r)),
    })),
  };
}
