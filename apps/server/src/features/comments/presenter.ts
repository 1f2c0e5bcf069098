/** Comments and comment replies as the API shows them, from the raw rows of queries.ts. */
import type { Comment, CommentReply, PublicUser, RoleId } from '@atelier/shared';
import { presentPublicUser } from '../users/presenter.ts';
import { iso, isoOrNull } from '../../lib/time.ts';

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

export interface CommentRow extends Record<string, unknown> {
  id: string;
  post_id: string;
  author_id: string;
  body: string;
  like_count: number;
  reply_count: number;
  edition_count: number;
  edition_at: Date | string | null;
  deleted_at: Date | string | null;
  created_at: Date | string;
  cursor_ts: string;
  author_username: string;
  author_displayed_role: RoleId;
  author_avatar_path: string | null;
}

export interface CommentReplyRow extends Record<string, unknown> {
  id: string;
  comment_id: string;
  post_id: string;
  author_id: string;
  body: string;
  replying_to_reply_id: string | null;
  replying_to_author_id: string | null;
  replying_to_excerpt: string;
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

export function presentCommentReply(row: CommentReplyRow, liked: boolean): CommentReply {
  return {
    id: row.id,
    commentId: row.comment_id,
    postId: row.post_id,
    author: joinedUser({
      id: row.author_id,
      username: row.author_username,
      displayed_role: row.author_displayed_role,
      avatar_path: row.author_avatar_path,
    }),
    body: row.body,
    replyingTo: {
      author: joinedUser({
        id: row.replying_to_author_id,
        username: row.to_username,
        displayed_role: row.to_displayed_role,
        avatar_path: row.to_avatar_path,
      }),
      replyId: row.replying_to_reply_id,
      excerpt: row.replying_to_excerpt,
    },
    likeCount: row.like_count,
    liked,
    createdAt: iso(row.created_at),
    editionCount: row.edition_count,
    editionTimestamp: isoOrNull(row.edition_at),
  };
}

/** A deleted comment (kept while it has replies) shows no author, no body and no likes. */
export function presentComment(row: CommentRow, liked: boolean, replies: CommentReply[]): Comment {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    postId: row.post_id,
    author: deleted
      ? null
      : joinedUser({
          id: row.author_id,
          username: row.author_username,
          displayed_role: row.author_displayed_role,
          avatar_path: row.author_avatar_path,
        }),
    body: deleted ? '' : row.body,
    deleted,
    likeCount: deleted ? 0 : row.like_count,
    replyCount: row.reply_count,
    liked: deleted ? false : liked,
    createdAt: iso(row.created_at),
    editionCount: row.edition_count,
    editionTimestamp: isoOrNull(row.edition_at),
    replies,
  };
}
