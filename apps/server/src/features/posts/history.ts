/**
 * A post's history (issue 11): its earlier versions, kept by each edit in the edit's transaction
 * (see updatePost), and the current one. Only the author and moderators may read it.
 */
import { sql } from 'drizzle-orm';
import {
  mayManage,
  maySeePost,
  type PostHistory,
  type PostVersion,
  type PublicUser,
} from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { presentPublicUser } from '../users/presenter.ts';
import { iso } from '../../lib/time.ts';
import { postNotFound } from './service.ts';

/** Versions returned at most (the newest); edits are rate-limited, so this is rarely reached. */
export const historyLimit = 200;

interface VersionRow extends Record<string, unknown> {
  number: number;
  title: string;
  body: string;
  tag_ids: string[] | string;
  written_at: Date | string;
  edited_by_id: string | null;
  editor_username: string | null;
  editor_displayed_role: string | null;
  editor_avatar_path: string | null;
}

interface CurrentRow extends Record<string, unknown> {
  id: string;
  author_id: string;
  state: string;
  title: string;
  body: string;
  tag_ids: string[] | string;
  edition_count: number;
  edition_at: Date | string | null;
  created_at: Date | string;
  author_username: string;
  author_displayed_role: string;
  author_avatar_path: string | null;
}

const ids = (value: string[] | string): string[] =>
  typeof value === 'string' ? (JSON.parse(value) as string[]) : value;

function user(
  id: string | null,
  username: string | null,
  role: string | null,
  avatarPath: string | null,
): PublicUser | null {
  if (!id || !username || !role) return null;
  return presentPublicUser({
    id,
    username,
    displayedRole: role as PublicUser['displayedRole'],
    avatarPath,
  });
}

export async function loadPostHistory(
  db: Tx,
  viewer: UserRow,
  postId: string,
): Promise<PostHistory> {
  const [post] = await queryRows<CurrentRow>(
    db,
    sql`select p.id, p.author_id, p.state, p.title, p.body, array_to_json(p.tag_ids) as tag_ids,
          p.edition_count, p.edition_at, p.created_at, u.username as author_username,
          u.displayed_role as author_displayed_role, u.avatar_path as author_avatar_path
        from posts p join "user" u on u.id = p.author_id where p.id = ${postId}`,
  );
  if (!post || !maySeePost(viewer, { state: post.state, authorId: post.author_id }))
    throw postNotFound();
  if (!mayManage(viewer, post.author_id)) throw forbidden('errors.historyForbidden');

  // Newest first; each row is the version an edit replaced, with who made that edit.
  const rows = await queryRows<VersionRow>(
    db,
    sql`select v.number, v.title, v.body, array_to_json(v.tag_ids) as tag_ids, v.written_at,
          v.edited_by_id, e.username as editor_username,
          e.displayed_role as editor_displayed_role, e.avatar_path as editor_avatar_path
        from post_versions v left join "user" e on e.id = v.edited_by_id
        where v.post_id = ${postId}
        order by v.number desc
        limit ${historyLimit - 1}`,
  );

  const author = user(
    post.author_id,
    post.author_username,
    post.author_displayed_role,
    post.author_avatar_path,
  );
  // Who wrote a version: whoever made the edit that replaced the version before it (the next
  // older row); the first version is the author's.
  const writerAfter = (row: VersionRow | undefined): PublicUser | null =>
    row
      ? user(
          row.edited_by_id,
          row.editor_username,
          row.editor_displayed_role,
          row.editor_avatar_path,
        )
      : null;
  const writerOf = (number: number, olderRow: VersionRow | undefined): PublicUser | null => {
    if (number === 0) return author;
    return olderRow && olderRow.number === number - 1 ? writerAfter(olderRow) : null;
  };

  const versions: PostVersion[] = [
    {
      number: post.edition_count,
      title: post.title,
      body: post.body,
      tags: ids(post.tag_ids),
      writtenAt: iso(post.edition_at ?? post.created_at),
      writtenBy: writerOf(post.edition_count, rows[0]),
      current: true,
    },
    ...rows.map((row, i) => ({
      number: row.number,
      title: row.title,
      body: row.body,
      tags: ids(row.tag_ids),
      writtenAt: iso(row.written_at),
      writtenBy: writerOf(row.number, rows[i + 1]),
      current: false,
    })),
  ];
  return { postId: post.id, editionCount: post.edition_count, versions };
}
