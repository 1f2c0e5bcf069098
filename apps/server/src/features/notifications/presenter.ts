/** Notification rows as the shared `Notification` union (authors loaded in one batch). */
import { inArray } from 'drizzle-orm';
import {
  creditKinds,
  likeTargetTypes,
  mentionTargetTypes,
  type Notification,
  type NotificationPost,
} from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { user, type NotificationRow } from '../../db/schema/index.ts';
import { presentPublicUser, publicUserColumns, type PublicUserRow } from '../users/presenter.ts';

function postOf(row: NotificationRow): NotificationPost {
  return {
    postId: row.postId ?? '',
    postAuthorId: row.postAuthorId ?? '',
    title: row.postTitle ?? '',
  };
}

export function presentNotification(row: NotificationRow, author: PublicUserRow): Notification {
  const base = {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    recipientId: row.recipientId,
    dismissed: row.dismissed,
    dismissedTimestamp: row.dismissedAt?.toISOString() ?? null,
    author: presentPublicUser(author),
  };
  switch (row.type) {
    case 'comment':
      return {
        ...base,
        type: 'comment',
        post: postOf(row),
        commentId: row.commentId ?? '',
        content: row.content ?? '',
      };
    case 'commentReply':
      return {
        ...base,
        type: 'commentReply',
        post: postOf(row),
        commentId: row.commentId ?? '',
        replyId: row.replyId ?? '',
        content: row.content ?? '',
        repliedContent: row.repliedContent ?? '',
      };
    case 'statusReply':
      return {
        ...base,
        type: 'statusReply',
        statusId: row.statusId ?? '',
        content: row.content ?? '',
        repliedContent: row.repliedContent ?? '',
      };
    case 'postRemoval':
      return {
        ...base,
        type: 'postRemoval',
        post: postOf(row),
        reason: row.reason ?? '',
        otherReason: row.otherReason,
      };
    // Access decisions keep the role in `reason` and the note in `content` (no column of their own).
    case 'applicationApproved':
      return { ...base, type: 'applicationApproved', role: row.reason ?? '' };
    case 'promotion':
      return { ...base, type: 'promotion', role: row.reason ?? '', note: row.content };
    case 'mention':
      return {
        ...base,
        type: 'mention',
        target: mentionTargetTypes.find((t) => t === row.target) ?? 'post',
        post: postOf(row),
        commentId: row.commentId,
        replyId: row.replyId,
        content: row.content ?? '',
      };
    case 'like':
      return {
        ...base,
        type: 'like',
        target: likeTargetTypes.find((t) => t === row.target) ?? 'post',
        post: row.postId ? postOf(row) : null,
        statusId: row.statusId,
        commentId: row.commentId,
        replyId: row.replyId,
        content: row.content ?? '',
        likerCount: Math.max(1, row.actorIds?.length ?? 1),
      };
    // A credit keeps its kind in `reason` and the credited post's title in `content`.
    case 'credit':
      return {
        ...base,
        type: 'credit',
        post: postOf(row),
        kind: creditKinds.find((k) => k === row.reason) ?? 'inspiration',
        sourceTitle: row.content ?? '',
      };
  }
}

/** Presents rows with their authors, loaded in one query. */
export async function presentNotifications(
  db: Tx,
  rows: NotificationRow[],
): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.authorId))];
  const authors = await db
    .select({
      ...publicUserColumns(user),
    })
    .from(user)
    .where(inArray(user.id, ids));
  const byId = new Map(authors.map((a) => [a.id, a]));
  return rows.flatMap((row) => {
    const author = byId.get(row.authorId);
    return author ? [presentNotification(row, author)] : [];
  });
}
