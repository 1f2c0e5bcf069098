/** Status updates and their replies as the API shows them, from the raw rows of queries.ts. */
import type { RoleId, StatusReply, StatusUpdate } from '@atelier/shared';
import { iso, isoOrNull } from '../../lib/time.ts';
import { joinedUser } from '../comments/presenter.ts';

export interface StatusUpdateRow extends Record<string, unknown> {
  id: string;
  author_id: string;
  content: string;
  reply_count: number;
  like_count: number;
  edition_count: number;
  edition_at: Date | string | null;
  created_at: Date | string;
  cursor_ts: string;
  author_username: string;
  author_displayed_role: RoleId;
  author_avatar_path: string | null;
}

export interface StatusReplyRow extends Record<string, unknown> {
  id: string;
  status_id: string;
  author_id: string;
  content: string;
  replying_to_reply_id: string | null;
  replying_to_author_id: string | null;
  replying_to_content: string;
  like_count: number;
  edition_count: number;
  edition_at: Date | string | null;
  created_at: Date | string;
  author_username: string;
  author_displayed_role: RoleId;
  author_avatar_path: string | null;
  to_username: string | null;
  to_displayed_role: RoleId | null;
  to_avatar_path: string | null;
}

export function presentStatusUpdate(row: StatusUpdateRow, liked: boolean): StatusUpdate {
  return {
    id: row.id,
    author: joinedUser({
      id: row.author_id,
      username: row.author_username,
      displayed_role: row.author_displayed_role,
      avatar_path: row.author_avatar_path,
    }),
    content: row.content,
    timestamp: iso(row.created_at),
    replyCount: row.reply_count,
    likeCount: row.like_count,
    liked,
    editionCount: row.edition_count,
    editionTimestamp: isoOrNull(row.edition_at),
  };
}

export function presentStatusReply(row: StatusReplyRow, liked: boolean): StatusReply {
  return {
    id: row.id,
    parentId: row.status_id,
    author: joinedUser({
      id: row.author_id,
      username: row.author_username,
      displayed_role: row.author_displayed_role,
      avatar_path: row.author_avatar_path,
    }),
    content: row.content,
    timestamp: iso(row.created_at),
    replyingTo: {
      replyId: row.replying_to_reply_id,
      author: joinedUser({
        id: row.replying_to_author_id,
        username: row.to_username,
        displayed_role: row.to_displayed_role,
        avatar_path: row.to_avatar_path,
      }),
      content: row.replying_to_content,
    },
    likeCount: row.like_count,
    liked,
    editionCount: row.edition_count,
    editionTimestamp: isoOrNull(row.edition_at),
  };
}
