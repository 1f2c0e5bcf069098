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
import { notFound } from '../../lib/errors.ts';
import type { LikedView } from '../../lib/http-cache.ts';
import { andThen, type MaybePromise, type PayloadCache } from '../../lib/payload-cache.ts';
import * as conversation from '../conversations/queries.ts';
import { likedIdsMany } from '../likes/service.ts';
import { canSeePost } from '../posts/policy.ts';
import { sharedPostNow } from '../posts/queries.ts';
import { commentNotFound, replyNotFound } from './service.ts';
import {
  presentComment,
  presentCommentReply,
  type CommentReplyRow,
  type CommentRow,
} from './presenter.ts';

const commentSelect = conversation.itemSelect('comments', 'c', 'c.post_id, c.body, c.deleted_at');
const commentReplySelect = conversation.replySelect(
  'comment_replies',
  'r.comment_id, r.post_id, r.body, r.replying_to_excerpt',
);

async function repliesOf(
  db: Tx,
  commentIds: readonly string[],
  viewerId: string | null,
): Promise<Map<string, CommentReply[]>> {
  const byComment = new Map<string, CommentReply[]>();
  if (commentIds.length === 0) return byComment;
  const rows = await queryRows<CommentReplyRow>(
    db,
    sql`${commentReplySelect} where r.comment_id = any(${sql.param([...commentIds])}::uuid[])
        order by r.comment_id, r.created_at, r.id`,
  );
  const replies = await presentReplies(db, rows, viewerId);
  for (const reply of replies) {
    const list = byComment.get(reply.commentId) ?? [];
    list.push(reply);
    byComment.set(reply.commentId, list);
  }
  return byComment;
}

function presentReplies(
  db: Tx,
  rows: CommentReplyRow[],
  viewerId: string | null,
): Promise<CommentReply[]> {
  return conversation.presentLiked(db, 'commentReply', rows, viewerId, presentCommentReply);
}

async function present(db: Tx, rows: CommentRow[], viewerId: string | null): Promise<Comment[]> {
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
    viewerId,
  );
  return conversation.presentLiked(db, 'comment', rows, viewerId, (r, liked) =>
    presentComment(r, liked, replies.get(r.id) ?? []),
  );
}

/** A post's comments, oldest first, each with all its replies (oldest first); no viewer: liked false. */
export async function listComments(
  db: Tx,
  postId: string,
  viewerId: string | null,
  options: { cursor?: string; limit?: number } = {},
): Promise<Page<Comment>> {
  const limit = options.limit ?? pageSize.comments;
  return conversation.readPage<CommentRow, Comment>(
    db,
    { select: commentSelect, alias: 'c', where: sql`c.post_id = ${postId}`, order: 'asc' },
    { cursor: options.cursor, limit },
    (page) => present(db, page, viewerId),
  );
}

/** One comment with its replies, as the viewer sees it (404 errors.commentNotFound if gone). */
export const loadComment = conversation.loader(commentSelect, 'c', present, commentNotFound);

/** One comment reply, as the viewer sees it (404 errors.replyNotFound if gone). */
export const loadReply = conversation.loader(
  commentReplySelect,
  'r',
  presentReplies,
  replyNotFound,
);

/**
 * A page of a post's comments and the viewer's likes in it (lib/http-cache.ts `answerLiked`; 404
 * when the post is not theirs to see): the post's shared part and the page without likes from the
 * node's payload cache, then the viewer's likes among the comments and their replies in one
 * statement (on their first read of the page). A deleted comment is never shown as liked
 * (presenter.ts).
 */
export function commentsFor(
  db: Tx,
  cache: PayloadCache,
  postId: string,
  viewer: Pick<UserRow, 'id' | 'roles'>,
  options: { cursor?: string; limit?: number } = {},
): MaybePromise<LikedView<Page<Comment>>> {
  return andThen(sharedPostNow(db, cache, postId), (post) => {
    if (!post || !canSeePost(viewer, { state: post.row.state, authorId: post.row.author_id }))
      throw notFound('errors.postNotFound');
    const key = `comments:${postId}:${JSON.stringify([options.cursor, options.limit])}`;
    return andThen(
      cache.getNow(key, () => listComments(db, postId, null, options)),
      (cached) =>
        andThen(
          cache.viewerPart(key, viewer.id, () => {
            const { items } = cached.value;
            return likedIdsMany(
              db,
              {
                comment: items.map((c) => c.id),
                commentReply: items.flatMap((c) => c.replies.map((r) => r.id)),
              },
              viewer.id,
            );
          }),
          (liked) => {
            let comments = liked.comment;
            if (comments.size > 0) {
              const deleted = cached.memo(
                'deleted-comments',
                () => new Set(cached.value.items.filter((c) => c.deleted).map((c) => c.id)),
              );
              if (deleted.size > 0)
                comments = new Set([...comments].filter((id) => !deleted.has(id)));
            }
            return { cached, liked: [comments, liked.commentReply] };
          },
        ),
    );
  });
}
