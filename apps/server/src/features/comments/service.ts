/**
 * Comment and reply writes, each in ONE transaction with every counter it moves:
 * - posts.comment_count, the author's user.comment_count and site_counters 'comments' count live
 *   comments and all replies (a comment kept as "[deleted]" no longer counts);
 * - comments.reply_count counts a comment's replies;
 * - the author's comment_like_count loses the likes of what is deleted.
 * Locks: a comment row before its replies, then the post (the same order everywhere).
 */
import { eq, sql } from 'drizzle-orm';
import { excerptOf, type CommentInput, type CommentReplyInput } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  commentLikes,
  commentReplies,
  comments,
  posts,
  siteCounters,
  user,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordEvent } from '../../live/events.ts';
import {
  checkDelete,
  commentReplyKind,
  dropQuotes,
  itemEditor,
  lockReply as lockReplyOf,
  resolveReplyingTo,
  type Viewer,
} from '../conversations/service.ts';
import { recordMentions } from '../notifications/mentions.ts';
import { canSeePost, visiblePost } from '../posts/policy.ts';

export const commentNotFound = () => notFound('errors.commentNotFound');
export const replyNotFound = () => notFound('errors.replyNotFound');

/** Moves the post's, the author's and the site's comment counters (and the author's likes). */
async function moveCounters(
  tx: Tx,
  postId: string,
  authorId: string,
  delta: 1 | -1,
  lostLikes = 0,
): Promise<void> {
  await tx
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} + ${delta}, 0)` })
    .where(eq(posts.id, postId));
  await tx
    .update(user)
    .set({
      commentCount: sql`greatest(${user.commentCount} + ${delta}, 0)`,
      ...(lostLikes > 0
        ? { commentLikeCount: sql`greatest(${user.commentLikeCount} - ${lostLikes}, 0)` }
        : {}),
    })
    .where(eq(user.id, authorId));
  await tx
    .update(siteCounters)
    .set({ value: sql`greatest(${siteCounters.value} + ${delta}, 0)` })
    .where(eq(siteCounters.name, 'comments'));
}

/** The comment, locked, if it exists and is not deleted, and its post is visible to the viewer. */
async function lockComment(tx: Tx, id: string, viewer: Viewer) {
  const [comment] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
  if (!comment) throw commentNotFound();
  await visiblePost(tx, comment.postId, viewer);
  return comment;
}

export async function createComment(
  db: Db,
  viewer: Viewer,
  postId: string,
  input: CommentInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    // Counting first locks the post row (comments on one post are created one at a time) and
    // tells whether it exists and may be seen; a refusal rolls the count back.
    const [post] = await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, postId))
      .returning({ state: posts.state, authorId: posts.authorId, title: posts.title });
    if (!post || !canSeePost(viewer, post)) throw notFound('errors.postNotFound');
    if (post.state !== 'published') throw conflict('errors.postRemoved');
    const [row] = await tx
      .insert(comments)
      .values({ postId, authorId: viewer.id, body: input.body })
      .returning({ id: comments.id });
    if (!row) throw new Error('insert returned no row');
    await tx
      .update(user)
      .set({ commentCount: sql`${user.commentCount} + 1` })
      .where(eq(user.id, viewer.id));
    await tx
      .update(siteCounters)
      .set({ value: sql`${siteCounters.value} + 1` })
      .where(eq(siteCounters.name, 'comments'));
    await recordEvent(tx, {
      type: 'comment.created',
      actorId: viewer.id,
      data: {
        recipientId: post.authorId,
        post: { postId, postAuthorId: post.authorId, title: post.title },
        commentId: row.id,
        content: excerptOf(input.body, 200),
      },
    });
    await recordMentions(tx, {
      authorId: viewer.id,
      body: input.body,
      target: 'comment',
      post: { postId, postAuthorId: post.authorId, title: post.title },
      commentId: row.id,
    });
    return row.id;
  });
}

/** Mentions an edit of a comment or reply added (the item's author mentions, whoever edits). */
async function recordEditMentions(
  tx: Tx,
  edit: {
    authorId: string;
    body: string;
    previousBody: string;
    target: 'comment' | 'commentReply';
    postId: string;
    commentId: string;
    replyId?: string;
  },
) {
  const [post] = await tx
    .select({ authorId: posts.authorId, title: posts.title })
    .from(posts)
    .where(eq(posts.id, edit.postId));
  if (!post) return;
  await recordMentions(tx, {
    ...edit,
    post: { postId: edit.postId, postAuthorId: post.authorId, title: post.title },
  });
}

export const updateComment = itemEditor({
  table: comments,
  text: comments.body,
  value: (input: CommentInput) => input.body,
  lock: async (tx, viewer, id) => {
    const comment = await lockComment(tx, id, viewer);
    if (comment.deletedAt) throw commentNotFound();
    return comment;
  },
  event: (comment, viewer, id) => ({
    type: 'comment.updated',
    actorId: viewer.id,
    data: { postId: comment.postId, commentId: id },
  }),
  after: (tx, comment, input, id) =>
    recordEditMentions(tx, {
      authorId: comment.authorId,
      body: input.body,
      previousBody: comment.body,
      target: 'comment',
      postId: comment.postId,
      commentId: id,
    }),
});

/**
 * Deletes a comment: kept as "[deleted]" (no author, no body, no likes) while it has replies,
 * removed otherwise. Replies answering the comment itself lose their excerpt of it. `db` may be a
 * caller's transaction (a removal from /reports runs inside its own).
 */
export async function deleteComment(
  db: Db | Tx,
  viewer: Viewer,
  id: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const comment = await lockComment(tx, id, viewer);
    if (comment.deletedAt) throw commentNotFound();
    await checkDelete(
      tx,
      viewer,
      { type: 'comment', id, authorId: comment.authorId, text: comment.body },
      now,
    );
    if (comment.replyCount > 0) {
      await tx
        .update(comments)
        .set({ deletedAt: now, body: '', likeCount: 0 })
        .where(eq(comments.id, id));
      await tx.delete(commentLikes).where(eq(commentLikes.targetId, id));
      // The replies answering the comment itself lose their excerpt of it.
      await dropQuotes(
        tx,
        commentReplyKind,
        eq(commentReplies.commentId, id),
        sql`${commentReplies.replyingToReplyId} is null`,
      );
    } else {
      await tx.delete(comments).where(eq(comments.id, id));
    }
    await moveCounters(tx, comment.postId, comment.authorId, -1, comment.likeCount);
    await recordEvent(tx, {
      type: 'comment.deleted',
      actorId: viewer.id,
      data: { postId: comment.postId, commentId: id },
    });
  });
}

export async function createReply(
  db: Db,
  viewer: Viewer,
  commentId: string,
  input: CommentReplyInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    const comment = await lockComment(tx, commentId, viewer);
    if (comment.deletedAt) throw conflict('errors.commentDeleted');
    const replyingTo = await resolveReplyingTo(
      tx,
      commentReplyKind,
      { id: commentId, authorId: comment.authorId, text: comment.body },
      input.replyToId,
    );
    const [post] = await tx
      .select({ state: posts.state, authorId: posts.authorId, title: posts.title })
      .from(posts)
      .where(eq(posts.id, comment.postId));
    if (post?.state !== 'published') throw conflict('errors.postRemoved');
    const [row] = await tx
      .insert(commentReplies)
      .values({
        commentId,
        postId: comment.postId,
        authorId: viewer.id,
        body: input.body,
        replyingToReplyId: replyingTo.replyId,
        replyingToAuthorId: replyingTo.authorId,
        replyingToExcerpt: replyingTo.excerpt,
      })
      .returning({ id: commentReplies.id });
    if (!row) throw new Error('insert returned no row');
    await tx
      .update(comments)
      .set({ replyCount: sql`${comments.replyCount} + 1` })
      .where(eq(comments.id, commentId));
    await moveCounters(tx, comment.postId, viewer.id, 1);
    await recordEvent(tx, {
      type: 'commentReply.created',
      actorId: viewer.id,
      data: {
        recipientId: replyingTo.authorId,
        post: { postId: comment.postId, postAuthorId: post.authorId, title: post.title },
        commentId,
        replyId: row.id,
        content: excerptOf(input.body, 200),
        repliedContent: replyingTo.excerpt,
      },
    });
    await recordMentions(tx, {
      authorId: viewer.id,
      body: input.body,
      target: 'commentReply',
      post: { postId: comment.postId, postAuthorId: post.authorId, title: post.title },
      commentId,
      replyId: row.id,
    });
    return row.id;
  });
}

/** The reply and its comment, both locked (comment first), if the viewer may see the post. */
async function lockReply(tx: Tx, id: string, viewer: Viewer) {
  const { parent: comment, reply } = await lockReplyOf(
    tx,
    commentReplyKind,
    id,
    async (tx, commentId) =>
      (
        await tx
          .select({ id: comments.id, deletedAt: comments.deletedAt })
          .from(comments)
          .where(eq(comments.id, commentId))
          .for('update')
      )[0],
    replyNotFound,
  );
  await visiblePost(tx, reply.postId, viewer);
  return { comment, reply };
}

export const updateReply = itemEditor({
  table: commentReplies,
  text: commentReplies.body,
  value: (input: CommentInput) => input.body,
  lock: async (tx, viewer, id) => (await lockReply(tx, id, viewer)).reply,
  event: (reply, viewer, id) => ({
    type: 'commentReply.updated',
    actorId: viewer.id,
    data: { postId: reply.postId, commentId: reply.commentId, replyId: id },
  }),
  after: (tx, reply, input, id) =>
    recordEditMentions(tx, {
      authorId: reply.authorId,
      body: input.body,
      previousBody: reply.body,
      target: 'commentReply',
      postId: reply.postId,
      commentId: reply.commentId,
      replyId: id,
    }),
});

/**
 * Deletes a reply (for good). Replies answering it lose their excerpt of it; a "[deleted]"
 * comment left without replies goes away.
 */
export async function deleteReply(db: Db | Tx, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { comment, reply } = await lockReply(tx, id, viewer);
    await checkDelete(tx, viewer, {
      type: 'commentReply',
      id,
      authorId: reply.authorId,
      text: reply.body,
    });
    await tx.delete(commentReplies).where(eq(commentReplies.id, id));
    await dropQuotes(tx, commentReplyKind, eq(commentReplies.replyingToReplyId, id));
    const [left] = await tx
      .update(comments)
      .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
      .where(eq(comments.id, comment.id))
      .returning({ replyCount: comments.replyCount });
    if (comment.deletedAt && left?.replyCount === 0) {
      await tx.delete(comments).where(eq(comments.id, comment.id));
    }
    await moveCounters(tx, reply.postId, reply.authorId, -1, reply.likeCount);
    await recordEvent(tx, {
      type: 'commentReply.deleted',
      actorId: viewer.id,
      data: { postId: reply.postId, commentId: comment.id, replyId: id },
    });
  });
}
