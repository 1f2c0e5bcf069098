/**
 * Status update reads: a page is two statements (the updates with their authors, keyset on
 * (created_at, id) newest first; the viewer's likes among them), a status's replies two more.
 */
import { sql } from 'drizzle-orm';
import { pageSize, type Page, type StatusReply, type StatusUpdate } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { cursorTs, decodeTimeCursor, encodeTimeCursor } from '../../lib/cursor.ts';
import { likedIds } from '../likes/service.ts';
import { statusNotFound, statusReplyNotFound } from './service.ts';
import {
  presentStatusReply,
  presentStatusUpdate,
  type StatusReplyRow,
  type StatusUpdateRow,
} from './presenter.ts';

const statusSelect = sql`
  select s.id, s.author_id, s.content, s.reply_count, s.like_count, s.edition_count,
    s.edition_at, s.created_at, ${cursorTs('s.created_at')} as cursor_ts,
    u.username as author_username, u.displayed_role as author_displayed_role,
    u.avatar_path as author_avatar_path
  from status_updates s join "user" u on u.id = s.author_id`;

const replySelect = sql`
  select r.id, r.status_id, r.author_id, r.content, r.replying_to_reply_id,
    r.replying_to_author_id, r.replying_to_content, r.like_count, r.edition_count, r.edition_at,
    r.created_at,
    u.username as author_username, u.displayed_role as author_displayed_role,
    u.avatar_path as author_avatar_path,
    tu.username as to_username, tu.displayed_role as to_displayed_role,
    tu.avatar_path as to_avatar_path
  from status_update_replies r
  join "user" u on u.id = r.author_id
  left join "user" tu on tu.id = r.replying_to_author_id`;

async function present(
  db: Tx,
  rows: StatusUpdateRow[],
  viewerId: string | null,
): Promise<StatusUpdate[]> {
  // No viewer: the shared part (liked false), merged with a viewer's likes later.
  if (viewerId === null) return rows.map((r) => presentStatusUpdate(r, false));
  const liked = await likedIds(
    db,
    'statusUpdate',
    rows.map((r) => r.id),
    viewerId,
  );
  return rows.map((r) => presentStatusUpdate(r, liked.has(r.id)));
}

/** Status updates newest first, of everyone or of one author (user id); no viewer: liked false. */
export async function listStatusUpdates(
  db: Tx,
  viewerId: string | null,
  options: { cursor?: string; limit?: number; authorId?: string } = {},
): Promise<Page<StatusUpdate>> {
  const limit = options.limit ?? pageSize.statusUpdates;
  const before = options.cursor ? decodeTimeCursor(options.cursor) : undefined;
  const conditions = [
    options.authorId !== undefined ? sql`s.author_id = ${options.authorId}` : sql`true`,
    before
      ? sql`(s.created_at, s.id) < (${before[0]}::timestamptz, ${before[1]}::uuid)`
      : sql`true`,
  ];
  const rows = await queryRows<StatusUpdateRow>(
    db,
    sql`${statusSelect} where ${sql.join(conditions, sql` and `)}
        order by s.created_at desc, s.id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await present(db, page, viewerId),
    nextCursor: rows.length > limit && last ? encodeTimeCursor([last.cursor_ts, last.id]) : null,
  };
}

/** One status update (404 errors.statusUpdateNotFound if gone). */
export async function loadStatusUpdate(
  db: Tx,
  id: string,
  viewerId: string,
): Promise<StatusUpdate> {
  const rows = await queryRows<StatusUpdateRow>(db, sql`${statusSelect} where s.id = ${id}`);
  const [status] = await present(db, rows, viewerId);
  if (!status) throw statusNotFound();
  return status;
}

async function presentReplies(db: Tx, rows: StatusReplyRow[], viewerId: string) {
  const liked = await likedIds(
    db,
    'statusReply',
    rows.map((r) => r.id),
    viewerId,
  );
  return rows.map((r) => presentStatusReply(r, liked.has(r.id)));
}

/** A status update's replies, oldest first (404 errors.statusUpdateNotFound if it is gone). */
export async function listStatusReplies(
  db: Tx,
  statusId: string,
  viewerId: string,
): Promise<StatusReply[]> {
  const rows = await queryRows<StatusReplyRow>(
    db,
    sql`${replySelect} where r.status_id = ${statusId} order by r.created_at, r.id`,
  );
  // No replies: tell an update without any from one that does not exist.
  if (rows.length === 0) await loadStatusUpdate(db, statusId, viewerId);
  return presentReplies(db, rows, viewerId);
}

/** One reply (404 errors.replyNotFound if gone). */
export async function loadStatusReply(db: Tx, id: string, viewerId: string): Promise<StatusReply> {
  const rows = await queryRows<StatusReplyRow>(db, sql`${replySelect} where r.id = ${id}`);
  const [reply] = await presentReplies(db, rows, viewerId);
  if (!reply) throw statusReplyNotFound();
  return reply;
}
