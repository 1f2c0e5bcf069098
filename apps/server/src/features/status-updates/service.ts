/**
 * Status update and reply writes, each in ONE transaction with every counter it moves:
 * site_counters 'statusUpdates', status_updates.reply_count, and the likes each author received
 * (user.status_update_like_count) when something liked goes away.
 * Locks: a status update before its replies (the same order everywhere).
 */
import { and, eq, sql } from 'drizzle-orm';
import { excerptOf, type StatusReplyInput, type StatusUpdateInput } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  siteCounters,
  statusReplies,
  statusUpdates,
  user,
  type UserRow,
} from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordEvent } from '../../live/events.ts';
import { resolveReportsOnAuthorDelete } from '../reports/on-delete.ts';
import { queryRows } from '../../lib/sql.ts';
import { checkCanManage } from '../posts/policy.ts';

type Viewer = Pick<UserRow, 'id' | 'roles'>;

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

async function lockStatus(tx: Tx, id: string) {
  const [status] = await tx
    .select()
    .from(statusUpdates)
    .where(eq(statusUpdates.id, id))
    .for('update');
  if (!status) throw statusNotFound();
  return status;
}

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

export async function updateStatusUpdate(
  db: Db,
  viewer: Viewer,
  id: string,
  input: StatusUpdateInput,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const status = await lockStatus(tx, id);
    checkCanManage(viewer, status.authorId);
    await tx
      .update(statusUpdates)
      .set({ content: input.content, editionCount: status.editionCount + 1, editionAt: now })
      .where(eq(statusUpdates.id, id));
    await recordEvent(tx, {
      type: 'statusUpdate.updated',
      actorId: viewer.id,
      data: { statusId: id },
    });
  });
}

/**
 * Deletes a status update with its replies; every author loses the likes they received there.
 * `db` may be a caller's transaction (a removal from /reports runs inside its own).
 */
export async function deleteStatusUpdate(db: Db | Tx, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const status = await lockStatus(tx, id);
    checkCanManage(viewer, status.authorId);
    await resolveReportsOnAuthorDelete(tx, viewer.id, {
      type: 'statusUpdate',
      id,
      authorId: status.authorId,
      data: { excerpt: excerptOf(status.content, 200) },
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
    let replyingTo = {
      replyId: null as string | null,
      authorId: status.authorId,
      content: excerptOf(status.content, 200),
    };
    if (input.replyToId !== null) {
      const [target] = await tx
        .select({
          id: statusReplies.id,
          authorId: statusReplies.authorId,
          content: statusReplies.content,
        })
        .from(statusReplies)
        .where(and(eq(statusReplies.id, input.replyToId), eq(statusReplies.statusId, statusId)));
      if (!target) throw badRequest('errors.replyNotFound', { replyToId: 'errors.replyNotFound' });
      replyingTo = {
        replyId: target.id,
        authorId: target.authorId,
        content: excerptOf(target.content, 200),
      };
    }
    const [row] = await tx
      .insert(statusReplies)
      .values({
        statusId,
        authorId: viewer.id,
        content: input.content,
        replyingToReplyId: replyingTo.replyId,
        replyingToAuthorId: replyingTo.authorId,
        replyingToContent: replyingTo.content,
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
        repliedContent: replyingTo.content,
      },
    });
    return row.id;
  });
}

/** The reply and its status update, both locked (status first). */
async function lockReply(tx: Tx, id: string) {
  const [found] = await tx
    .select({ statusId: statusReplies.statusId })
    .from(statusReplies)
    .where(eq(statusReplies.id, id));
  if (!found) throw statusReplyNotFound();
  await tx
    .select({ id: statusUpdates.id })
    .from(statusUpdates)
    .where(eq(statusUpdates.id, found.statusId))
    .for('update');
  const [reply] = await tx
    .select()
    .from(statusReplies)
    .where(eq(statusReplies.id, id))
    .for('update');
  if (!reply) throw statusReplyNotFound();
  return reply;
}

export async function updateStatusReply(
  db: Db,
  viewer: Viewer,
  id: string,
  input: StatusUpdateInput,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const reply = await lockReply(tx, id);
    checkCanManage(viewer, reply.authorId);
    await tx
      .update(statusReplies)
      .set({ content: input.content, editionCount: reply.editionCount + 1, editionAt: now })
      .where(eq(statusReplies.id, id));
    await recordEvent(tx, {
      type: 'statusReply.updated',
      actorId: viewer.id,
      data: { statusId: reply.statusId, replyId: id },
    });
  });
}

/** Deletes a reply; replies answering it lose their excerpt of it. */
export async function deleteStatusReply(db: Db | Tx, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const reply = await lockReply(tx, id);
    checkCanManage(viewer, reply.authorId);
    await resolveReportsOnAuthorDelete(tx, viewer.id, {
      type: 'statusReply',
      id,
      authorId: reply.authorId,
      data: { excerpt: excerptOf(reply.content, 200) },
    });
    await tx.delete(statusReplies).where(eq(statusReplies.id, id));
    await tx
      .update(statusReplies)
      .set({ replyingToContent: '' })
      .where(eq(statusReplies.replyingToReplyId, id));
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
