/**
 * Comment reads. A page of comments is one statement whatever its size: the comments with their
 * authors, each with its replies and their authors, and the viewer's likes among them all.
 */
import { sql } from 'drizzle-orm';
import { pageSize, type Comment, type CommentReply, type Page } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { LikedView } from '../../lib/http-cache.ts';
import { andThen, type MaybePromise, type PayloadCache } from '../../lib/payload-cache.ts';
import * as conversation from '../conversations/queries.ts';
import { likedIdsMany, splitLiked, viewerLikedColumn } from '../likes/service.ts';
import { canSeePost } from '../posts/policy.ts';
import { sharedPostNow } from '../posts/queries.ts';
import { commentNotFound, replyNotFound } from './service.ts';
import {
  presentComment,
  presentCommentReply,
  type CommentReplyRow,
  type CommentRow,
} from './presenter.ts';

const commentColumns = 'c.post_id, c.body, c.deleted_at';
const replyColumns = 'r.comment_id, r.post_id, r.body, r.replying_to_excerpt';
const commentReplySelect = conversation.replySelect('comment_replies', replyColumns);

type LikedRow<R> = R & { viewer_liked?: boolean };
type CommentWithReplies = LikedRow<CommentRow> & { replies: LikedRow<CommentReplyRow>[] };

const likedBy = (viewerId: string | null, target: 'comment' | 'commentReply', alias: string) =>
  viewerId === null ? [] : [viewerLikedColumn(target, alias, viewerId)];

/**
 * Comments (`c`) with their authors, each with all its replies (oldest first, authors and the
 * viewer's likes too) as a JSON column (comment_replies_comment_idx), and the viewer's likes: a
 * page of comments is one statement whatever its size.
 */
const commentSelect = (viewerId: string | null) => {
  const replies = conversation.replySelect(
    'comment_replies',
    replyColumns,
    likedBy(viewerId, 'commentReply', 'r')[0],
  );
  return conversation.itemSelect(
    'comments',
    'c',
    commentColumns,
    sql.join(
      [
        sql`(select coalesce(json_agg(rr order by rr.created_at, rr.id), '[]'::json)
          from (${replies} where r.comment_id = c.id) rr) as replies`,
        ...likedBy(viewerId, 'comment', 'c'),
      ],
      sql`, `,
    ),
  );
};

const present = (rows: CommentWithReplies[]): Comment[] =>
  rows.map((r) =>
    presentComment(
      r,
      r.viewer_liked === true,
      r.replies.map((reply) => presentCommentReply(reply, reply.viewer_liked === true)),
    ),
  );

function presentReplies(
  db: Tx,
  rows: CommentReplyRow[],
  viewerId: string | null,
): Promise<CommentReply[]> {
  return conversation.presentLiked(db, 'commentReply', rows, viewerId, presentCommentReply);
}

/** A post's comments, oldest first, each with all its replies (oldest first); no viewer: liked false. */
export async function listComments(
  db: Tx,
  postId: string,
  viewerId: string | null,
  options: { cursor?: string; limit?: number } = {},
): Promise<Page<Comment>> {
  const limit = options.limit ?? pageSize.comments;
  return conversation.readPage<CommentWithReplies, Comment>(
    db,
    {
      select: commentSelect(viewerId),
      alias: 'c',
      where: sql`c.post_id = ${postId}`,
      order: 'asc',
    },
    { cursor: options.cursor, limit },
    (page) => Promise.resolve(present(page)),
  );
}

/** One comment with its replies, as the viewer sees it (404 errors.commentNotFound if gone). */
export const loadComment = conversation.loader(
  commentSelect,
  'c',
  (_db, rows: CommentWithReplies[]) => Promise.resolve(present(rows)),
  commentNotFound,
);

/** One comment reply, as the viewer sees it (404 errors.replyNotFound if gone). */
export const loadReply = conversation.loader(
  commentReplySelect,
  'r',
  presentReplies,
  replyNotFound,
);

/** The ids of the comments and replies of a page that the viewer likes. */
interface CommentLikes {
  comment: Set<string>;
  commentReply: Set<string>;
}

/** A page read with the viewer's likes, split into its shared part (liked false) and theirs. */
function splitCommentLikes(page: Page<Comment>): { value: Page<Comment>; part: CommentLikes } {
  const { value, part: comment } = splitLiked(page, 'items');
  const replies = value.items.map((c) => splitLiked(c, 'replies'));
  return {
    value: { ...value, items: replies.map((r) => r.value) },
    part: { comment, commentReply: new Set(replies.flatMap((r) => [...r.part])) },
  };
}

/**
 * A page of a post's comments and the viewer's likes in it (lib/http-cache.ts `answerLiked`; 404
 * when the post is not theirs to see): the post's shared part from the node's payload cache, then
 * the page without likes and the viewer's likes among the comments and their replies: read
 * together on a miss (one statement), one statement on the viewer's first read of a cached page.
 * A deleted comment is never shown as liked (presenter.ts).
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
      cache.withViewerPart(
        key,
        viewer.id,
        async () => splitCommentLikes(await listComments(db, postId, viewer.id, options)),
        async ({ items }): Promise<CommentLikes> => {
          const liked = await likedIdsMany(
            db,
            {
              comment: items.filter((c) => !c.deleted).map((c) => c.id),
              commentReply: items.flatMap((c) => c.replies.map((r) => r.id)),
            },
            viewer.id,
          );
          return { comment: liked.comment, commentReply: liked.commentReply };
        },
      ),
      ({ cached, part }) => ({ cached, liked: [part.comment, part.commentReply] }),
    );
  });
}
