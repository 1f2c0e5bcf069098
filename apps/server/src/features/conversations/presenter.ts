/**
 * What the two conversations (comments on a post, status updates) show alike: an item's author,
 * likes and edition, and whom a reply answers, from the raw rows of their queries.ts.
 */
import type { PublicUser, RoleId } from '@atelier/shared';
import { presentPublicUser } from '../users/presenter.ts';
import { isoOrNull } from '../../lib/time.ts';

/** The columns of a joined user, prefixed (`author_username`, …). */
interface UserColumns {
  id: string | null;
  username: string | null;
  displayed_role: RoleId | null;
  avatar_path: string | null;
}

/** A user that no longer exists (a reply answering a deleted account keeps its place). */
const goneUser: PublicUser = { id: '', username: '', displayedRole: 'member' };

export function joinedUser(u: UserColumns): PublicUser {
  if (!u.id || !u.username || !u.displayed_role) return goneUser;
  return presentPublicUser({
    id: u.id,
    username: u.username,
    displayedRole: u.displayed_role,
    avatarPath: u.avatar_path,
  });
}

/** The columns every conversation item has (a comment, a status update or a reply of either). */
export interface ItemRow extends Record<string, unknown> {
  id: string;
  author_id: string;
  like_count: number;
  edition_count: number;
  edition_at: Date | string | null;
  created_at: Date | string;
  author_username: string;
  author_displayed_role: RoleId;
  author_avatar_path: string | null;
}

/** A reply's columns: an item, and the reply and author it answers (`to_…`, joined). */
export interface ReplyItemRow extends ItemRow {
  replying_to_reply_id: string | null;
  replying_to_author_id: string | null;
  to_username: string | null;
  to_displayed_role: RoleId | null;
  to_avatar_path: string | null;
}

/** The item's author. */
export const itemAuthor = (row: ItemRow): PublicUser =>
  joinedUser({
    id: row.author_id,
    username: row.author_username,
    displayed_role: row.author_displayed_role,
    avatar_path: row.author_avatar_path,
  });

/** The item's likes (the viewer's among them) and its edition. */
export const itemLikesAndEdition = (row: ItemRow, liked: boolean) => ({
  likeCount: row.like_count,
  liked,
  editionCount: row.edition_count,
  editionTimestamp: isoOrNull(row.edition_at),
});

/** Whom a reply answers: the reply (null: the conversation's first item) and its author. */
export const replyingToOf = (row: ReplyItemRow) => ({
  replyId: row.replying_to_reply_id,
  author: joinedUser({
    id: row.replying_to_author_id,
    username: row.to_username,
    displayed_role: row.to_displayed_role,
    avatar_path: row.to_avatar_path,
  }),
});
