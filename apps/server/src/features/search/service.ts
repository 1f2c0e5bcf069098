/**
 * Search (GET /api/search): posts by full-text on posts.search (websearch syntax, plus a prefix
 * match on the last word as it is typed), ranked by ts_rank then newest; users with access (not
 * banned) by username; tags by the seed's rule (any label or a parent's label).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  pageSize,
  roles,
  roleIds,
  searchTags,
  type Language,
  type PublicUser,
  type SearchKind,
  type SearchResults,
} from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { postSummariesByIds } from '../posts/queries.ts';
import { presentTag } from '../tags/presenter.ts';
import { listTags } from '../tags/service.ts';
import { presentPublicUser, type PublicUserRow } from '../users/presenter.ts';

const noAccessRoles = roleIds.filter((r) => roles[r].noAccess);

/** The text query: websearch_to_tsquery(q), or-ed with "all but the last word" and "last word as a prefix". */
export function postQuery(q: string): SQL {
  const full = sql`websearch_to_tsquery('simple', ${q})`;
  const words = q.split(/\s+/).filter(Boolean);
  const last = (words.at(-1) ?? '').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
  if (!last || /["-]/.test(words.at(-1)?.[0] ?? '')) return full;
  const prefix = sql`to_tsquery('simple', ${`${last}:*`})`;
  const rest = words.slice(0, -1).join(' ');
  const partial = rest ? sql`(websearch_to_tsquery('simple', ${rest}) && ${prefix})` : prefix;
  return sql`(${full} || ${partial})`;
}

async function searchPostIds(db: Db, q: string): Promise<string[]> {
  const query = postQuery(q);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.id from posts p cross join (select ${query} as q) s
        where p.state = 'published' and p.search @@ s.q
        order by ts_rank(p.search, s.q) desc, p.created_at desc, p.id desc
        limit ${pageSize.search}`,
  );
  return rows.map((r) => r.id);
}

async function searchUsers(db: Db, q: string): Promise<PublicUser[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{
    id: string;
    username: string;
    displayed_role: PublicUserRow['displayedRole'];
    avatar_path: string | null;
  }>(
    db,
    sql`select id, username, displayed_role, avatar_path from "user"
        where username ilike ${pattern} and not (roles && ${sql.param(noAccessRoles)}::text[])
        order by (lower(username) = lower(${q})) desc, (lower(username) like lower(${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})) desc, lower(username)
        limit ${pageSize.search}`,
  );
  return rows.map((r) =>
    presentPublicUser({
      id: r.id,
      username: r.username,
      displayedRole: r.displayed_role,
      avatarPath: r.avatar_path,
    }),
  );
}

export async function search(
  db: Db,
  q: string,
  kind: SearchKind,
  viewerId: string,
  lng: Language,
): Promise<SearchResults> {
  const want = (k: SearchKind) => kind === 'all' || kind === k;
  const posts = want('posts')
    ? await postSummariesByIds(db, await searchPostIds(db, q), viewerId)
    : [];
  const users = want('users') ? await searchUsers(db, q) : [];
  const tags = want('tags')
    ? searchTags((await listTags(db)).map(presentTag), q, lng).slice(0, pageSize.search)
    : [];
  return { posts, users, tags };
}
