/**
 * Status update reads: a page is two statements (the updates with their authors, keyset on
 * (created_at, id) newest first; the viewer's likes among them), a status's replies two more.
 */
import { sql } from 'drizzle-orm';
import { pageSize, type Page, type StatusReply, type StatusUpdate } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import * as conversation from '../conversations/queries.ts';
import { viewerLikedColumn } from '../likes/service.ts';
import { statusNotFound, statusReplyNotFound } from './service.ts';
import {
  presentStatusReply,
  presentStatusUpdate,
  type StatusReplyRow,
  type StatusUpdateRow,
} from './presenter.ts';

const statusSelect = conversation.itemSelect('status_updates', 's', 's.content');

/**
 * The latest `limit` status updates with their authors, newest first, and whether the viewer likes
 * each (`viewer_liked`; rows as `presentStatusUpdate` takes them): a part of the home's statement.
 */
export const latestStatusUpdatesSql = (limit: number, viewerId: string) =>
  sql`${conversation.itemSelect('status_updates', 's', 's.content', viewerLikedColumn('statusUpdate', 's', viewerId))}
    order by s.created_at desc, s.id desc limit ${limit}`;
const statusReplySelect = conversation.replySelect(
  'status_update_replies',
  'r.status_id, r.content, r.replying_to_content',
);

// No viewer: the shared part (liked false), merged with a viewer's likes later.
const present = (db: Tx, rows: StatusUpdateRow[], viewerId: string | null) =>
  conversation.presentLiked(db, 'statusUpdate', rows, viewerId, presentStatusUpdate);

/** Status updates newest first, of everyone or of one author (user id); no viewer: liked false. */
export async function listStatusUpdates(
  db: Tx,
  viewerId: string | null,
  options: { cursor?: string; limit?: number; authorId?: string } = {},
): Promise<Page<StatusUpdate>> {
  const limit = options.limit ?? pageSize.statusUpdates;
  return conversation.readPage<StatusUpdateRow, StatusUpdate>(
    db,
    {
      select: statusSelect,
      alias: 's',
      where: options.authorId !== undefined ? sql`s.author_id = ${options.authorId}` : sql`true`,
      order: 'desc',
    },
    { cursor: options.cursor, limit },
    (page) => present(db, page, viewerId),
  );
}

/** One status update (404 errors.statusUpdateNotFound if gone). */
export const loadStatusUpdate = conversation.loader(statusSelect, 's', present, statusNotFound);

const presentReplies = (db: Tx, rows: StatusReplyRow[], viewerId: string) =>
  conversation.presentLiked(db, 'statusReply', rows, viewerId, presentStatusReply);

/** A status update's replies, oldest first (404 errors.statusUpdateNotFound if it is gone). */
export async function listStatusReplies(
  db: Tx,
  statusId: string,
  viewerId: string,
): Promise<StatusReply[]> {
  const rows = await queryRows<StatusReplyRow>(
    db,
    sql`${statusReplySelect} where r.status_id = ${statusId} order by r.created_at, r.id`,
  );
  // No replies: tell an update without any from one that does not exist.
  if (rows.length === 0) await loadStatusUpdate(db, statusId, viewerId);
  return presentReplies(db, rows, viewerId);
}

/** One reply (404 errors.replyNotFound if gone). */
export const loadStatusReply = conversation.loader(
  statusReplySelect,
  'r',
  presentReplies,
  statusReplyNotFound,
);
