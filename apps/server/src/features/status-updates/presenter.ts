/** Status updates and their replies as the API shows them, from the raw rows of queries.ts. */
import type { StatusReply, StatusUpdate } from '@atelier/shared';
import { iso } from '../../lib/time.ts';
import * as conversation from '../conversations/presenter.ts';

export interface StatusUpdateRow extends conversation.ItemRow {
  content: string;
  reply_count: number;
  cursor_ts: string;
}

export interface StatusReplyRow extends conversation.ReplyItemRow {
  status_id: string;
  content: string;
  replying_to_content: string;
}

export function presentStatusUpdate(row: StatusUpdateRow, liked: boolean): StatusUpdate {
  return {
    id: row.id,
    author: conversation.itemAuthor(row),
    content: row.content,
    timestamp: iso(row.created_at),
    replyCount: row.reply_count,
    ...conversation.itemLikesAndEdition(row, liked),
  };
}

export function presentStatusReply(row: StatusReplyRow, liked: boolean): StatusReply {
  return {
    id: row.id,
    parentId: row.status_id,
    author: conversation.itemAuthor(row),
    content: row.content,
    timestamp: iso(row.created_at),
    replyingTo: { ...conversation.replyingToOf(row), content: row.replying_to_content },
    ...conversation.itemLikesAndEdition(row, liked),
  };
}
