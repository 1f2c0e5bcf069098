/**
 * Comment reads. A page of comments is a bounded number of statements whatever its size: the
 * comments with their authors, all their replies with authors in one statement, and the viewer's
 * likes among the comments and among the replies (one batch each).
 */
import { sql } from 'drizzle-orm';
import { pageSize, type Comment, type CommentReply, type Page } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { likedIds } from '../likes/service.ts';
import { cursorTs, decodeTimeCursor, encodeTimeCursor } from '../../lib/cursor.ts';
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
  viewerId: string,
): Promise<Map<string, CommentReply[]>> {
  const byComment = new Map<string, CommentReply[]>();
  if (commentIds.length === 0) return byComment;
  const rows = await queryRows<CommentReplyRow>(
    db,
    sql`${replySelect} where r.comment_id = any(${sql.param([...commentIds])}::uuid[])
        order by r.comment_id, r.created_at, r.id`,
  );
  const liked = await likedIds(
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

async function present(db: Tx, rows: CommentRow[], viewerId: string): Promise<Comment[]> {
  const ids = rows.map((r) => r.id);
  const replies = await repliesOf(db, ids, viewerId);
  const liked = await likedIds(db, 'comment', ids, viewerId);
  return rows.map((r) => presentComment(r, liked.has(r.id), replies.get(r.id) ?? []));
}

/** A post's comments, oldest first, each with all its replies (oldest first). */
export async function listComments(
  db: Tx,
  postId: string,
  viewerId: string,
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
