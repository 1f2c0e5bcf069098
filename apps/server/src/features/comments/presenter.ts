/** Comments and comment replies as the API shows them, from the raw rows of queries.ts. */
import type { Comment, CommentReply } from '@atelier/shared';
import { markdownHtml } from '../../lib/markdown.ts';
import { iso } from '../../lib/time.ts';
import * as conversation from '../conversations/presenter.ts';

export interface CommentRow extends conversation.ItemRow {
  post_id: string;
  body: string;
  reply_count: number;
  deleted_at: Date | string | null;
  cursor_ts: string;
}

export interface CommentReplyRow extends conversation.ReplyItemRow {
  comment_id: string;
  post_id: string;
  body: string;
  replying_to_excerpt: string;
}

export function presentCommentReply(row: CommentReplyRow, liked: boolean): CommentReply {
  return {
    id: row.id,
    commentId: row.comment_id,
    postId: row.post_id,
    author: conversation.itemAuthor(row),
    body: row.body,
    bodyHtml: markdownHtml(row.body),
    replyingTo: { ...conversation.replyingToOf(row), excerpt: row.replying_to_excerpt },
    createdAt: iso(row.created_at),
    ...conversation.itemLikesAndEdition(row, liked),
  };
}

/** A deleted comment (kept while it has replies) shows no author, no body nor HTML, no likes. */
export function presentComment(row: CommentRow, liked: boolean, replies: CommentReply[]): Comment {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    postId: row.post_id,
    author: deleted ? null : conversation.itemAuthor(row),
    body: deleted ? '' : row.body,
    bodyHtml: deleted ? '' : markdownHtml(row.body),
    deleted,
    replyCount: row.reply_count,
    createdAt: iso(row.created_at),
    ...conversation.itemLikesAndEdition(row, liked),
    ...(deleted ? { likeCount: 0, liked: false } : {}),
    replies,
  };
}
