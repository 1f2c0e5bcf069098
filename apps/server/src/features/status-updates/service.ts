/**
 * Status update and reply writes, each in ONE transaction with every counter it moves:
 * site_counters 'statusUpdates', status_updates.reply_count, and the likes each author received
 * (user.status_update_like_count) when something liked goes away.
 * Locks: a status update before its replies (the same order everywhere).
 */
import { eq, sql } from 'drizzle-orm';
import { excerptOf, type StatusReplyInput, type StatusUpdateInput } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import { siteCounters, statusReplies, statusUpdates, user } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { lockRow } from '../../lib/lock.ts';
import { recordEvent } from '../../live/events.ts';
import {
  checkDelete,
  dropQuotes,
  itemEditor,
  lockReply as lockReplyOf,
  resolveReplyingTo,
  statusReplyKind,
  type Viewer,
} from '../conversations/service.ts';
import { queryRows } from '../../lib/sql.ts';

export const statusNotFound = () => notFound('errors.statusUpdateNotFound');
export const statusReplyNotFound = () => notFound('errors.replyNotFound');

async function loseLikes(tx: Tx, authorId: string, likes: number): Promise<void> {
  if (likes <= 0) return;
  await tx
    .update(user)
    .set({ statusUpdateLikeCount: sql`greatest(${user.statusUpdateLikeCount} - ${likes}, 0)` })
    .where(eq(user.id, authorId));
}

async function moveSiteCounter(tx: Tx, delta: 1 | -1): Promise<void> {
  await tx
    .update(siteCounters)
    .set({ value: sql`greatest(${siteCounters.value} + ${delta}, 0)` })
    .where(eq(siteCounters.name, 'statusUpdates'));
}

const lockStatus = (tx: Tx, id: string) => lockRow(tx, statusUpdates, id, statusNotFound);

export async function createStatusUpdate(
  db: Db,
  viewer: Viewer,
  input: StatusUpdateInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(statusUpdates)
      .values({ authorId: viewer.id, content: input.content })
      .returning({ id: statusUpdates.id });
    if (!row) throw new Error('insert returned no row');
    await moveSiteCounter(tx, 1);
    await recordEvent(tx, {
      type: 'statusUpdate.created',
      actorId: viewer.id,
      data: { statusId: row.id },
    });
    return row.id;
  });
}

export const updateStatusUpdate = itemEditor({
  table: statusUpdates,
  text: statusUpdates.content,
  value: (input: StatusUpdateInput) => input.content,
  lock: (tx, _viewer, id) => lockStatus(tx, id),
  event: (_status, viewer, id) => ({
    type: 'statusUpdate.updated',
    actorId: viewer.id,
    data: { statusId: id },
  }),
});

/**
 * Deletes a status update with its replies; every author loses the likes they received there.
 * `db` may be a caller's transaction (a removal from /reports runs inside its own).
 */
export async function deleteStatusUpdate(db: Db | Tx, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const status = await lockStatus(tx, id);
    await checkDelete(tx, viewer, {
      type: 'statusUpdate',
      id,
      authorId: status.authorId,
      text: status.content,
    });
    const replyLikes = await queryRows<{ author_id: string; likes: number }>(
      tx,
      sql`select author_id, sum(like_count)::int as likes from status_update_replies
          where status_id = ${id} group by author_id`,
    );
    await tx.delete(statusUpdates).where(eq(statusUpdates.id, id));
    await loseLikes(tx, status.authorId, status.likeCount);
    for (const r of replyLikes) await loseLikes(tx, r.author_id, r.likes);
    await moveSiteCounter(tx, -1);
    await recordEvent(tx, {
      type: 'statusUpdate.deleted',
      actorId: viewer.id,
      data: { statusId: id },
    });
  });
}

export async function createStatusReply(
  db: Db,
  viewer: Viewer,
  statusId: string,
  input: StatusReplyInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    const status = await lockStatus(tx, statusId);
    const replyingTo = await resolveReplyingTo(
      tx,
      statusReplyKind,
      { id: statusId, authorId: status.authorId, text: status.content },
      input.replyToId,
    );
    const [row] = await tx
      .insert(statusReplies)
      .values({
        statusId,
        authorId: viewer.id,
        content: input.content,
        replyingToReplyId: replyingTo.replyId,
        replyingToAuthorId: replyingTo.authorId,
        replyingToContent: replyingTo.excerpt,
      })
      .returning({ id: statusReplies.id });
    if (!row) throw new Error('insert returned no row');
    await tx
      .update(statusUpdates)
      .set({ replyCount: sql`${statusUpdates.replyCount} + 1` })
      .where(eq(statusUpdates.id, statusId));
    await recordEvent(tx, {
      type: 'statusReply.created',
      actorId: viewer.id,
      data: {
        recipientId: replyingTo.authorId,
        statusId,
        replyId: row.id,
        content: excerptOf(input.content, 200),
        repliedContent: replyingTo.excerpt,
      },
    });
    return row.id;
  });
}

/** The reply and its status update, both locked (status first). */
async function lockReply(tx: Tx, id: string) {
  const { reply } = await lockReplyOf(
    tx,
    statusReplyKind,
    id,
    async (tx, statusId) => {
      // Locked whether or not it is still there: only a missing reply is a 404.
      await tx
        .select({ id: statusUpdates.id })
        .from(statusUpdates)
        .where(eq(statusUpdates.id, statusId))
        .for('update');
      return {};
    },
    statusReplyNotFound,
  );
  return reply;
}

export const updateStatusReply = itemEditor({
  table: statusReplies,
  text: statusReplies.content,
  value: (input: StatusUpdateInput) => input.content,
  lock: (tx, _viewer, id) => lockReply(tx, id),
  event: (reply, viewer, id) => ({
    type: 'statusReply.updated',
    actorId: viewer.id,
    data: { statusId: reply.statusId, replyId: id },
  }),
});

/** Deletes a reply; replies answering it lose their excerpt of it. */
export async function deleteStatusReply(db: Db | Tx, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const reply = await lockReply(tx, id);
    await checkDelete(tx, viewer, {
      type: 'statusReply',
      id,
      authorId: reply.authorId,
      text: reply.content,
    });
    await tx.delete(statusReplies).where(eq(statusReplies.id, id));
    await dropQuotes(tx, statusReplyKind, eq(statusReplies.replyingToReplyId, id));
    await tx
      .update(statusUpdates)
      .set({ replyCount: sql`greatest(${statusUpdates.replyCount} - 1, 0)` })
      .where(eq(statusUpdates.id, reply.statusId));
    await loseLikes(tx, reply.authorId, reply.likeCount);
    await recordEvent(tx, {
      type: 'statusReply.deleted',
      actorId: viewer.id,
      data: { statusId: reply.statusId, replyId: id },
    });
  });
}
