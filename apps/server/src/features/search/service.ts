/**
 * Search (GET /api/search), bounded so that no query scans (issue 12):
 *
 * - a query with fewer than `searchLimits.minLength` letters or digits answers empty (`tooShort`);
 * - posts: the candidates are at most `searchLimits.candidates` published posts the GIN index on
 *   posts.search returns for the text query (query.ts), plus as many carrying a tag the query
 *   names; filters (section, tag, provenance, author) apply inside those subqueries. Only the
 *   candidates are ranked (ts_rank, +0.1 for a matching tag), then newest; a keyset cursor
 *   (rank, created_at, id) pages through them; ts_headline runs on the page only, and the page's
 *   posts come back as summaries (author, cover) from the same statement.
 * - users with access (not pending, rejected or banned) whose username contains the query, through
 *   the trigram index on lower(username);
 * - tags by the seed's rule (any label or a parent's label), folding case and accents.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  pageSize,
  roles,
  roleIds,
  searchLimits,
  searchQueryLength,
  searchTags,
  type Language,
  type PublicUser,
  type SearchPost,
  type SearchQuery,
  type SearchResults,
  type Tag,
} from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { cursorId, cursorTimestamp, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { LikedView } from '../../lib/http-cache.ts';
import type { MaybePromise, PayloadCache } from '../../lib/payload-cache.ts';
import { likedPostsView } from '../likes/service.ts';
import { jsonRows, selectTogether } from '../../lib/sql.ts';
import { presentPostSummary, type PostSummaryRow } from '../posts/presenter.ts';
import { postLikedColumn, summaryColumns, summaryJoins } from '../posts/queries.ts';
import { presentTag } from '../tags/presenter.ts';
import { listTags } from '../tags/service.ts';
import { presentPublicUser, type PublicUserRow } from '../users/presenter.ts';
import {
  excerptHighlight,
  headlineOptions,
  markStart,
  markStop,
  titleHighlight,
} from './highlight.ts';
import { textQuery } from './query.ts';

const noAccessRoles = roleIds.filter((r) => roles[r].noAccess);
/** At most this many tags named by the query bring their posts in as candidates. */
const maxMatchedTags = 20;
/** How much of a body ts_headline reads on a result page. */
const headlineChars = 2000;

const rankKey = z.tuple([z.number(), cursorTimestamp, cursorId()]);
type Cursor = z.output<typeof rankKey>;

interface PostFilters {
  section?: string | undefined;
  tag?: string | undefined;
  provenance?: string | undefined;
  author?: string | undefined;
}

function filterSql(f: PostFilters): SQL {
  const parts: SQL[] = [sql`p.state = 'published'`];
  if (f.section) parts.push(sql`p.section_slug = ${f.section}`);
  if (f.provenance) parts.push(sql`p.provenance = ${f.provenance}`);
  if (f.tag) parts.push(sql`p.tag_ids @> array[${f.tag}]::uuid[]`);
  if (f.author) {
    parts.push(
      sql`p.author_id = (select id from "user" where lower(username) = lower(${f.author}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

interface HitRow extends PostSummaryRow {
  rank: number | string;
  viewer_liked?: boolean;
  t1: string;
  t2: string;
  t3: string;
  t4: string;
  b1: string;
  b2: string;
  b3: string;
  b4: string;
}

const cfgs = ['atelier_simple', 'atelier_en', 'atelier_fr', 'atelier_es'] as const;

/** The SQL of one page of posts (exported for the EXPLAIN test and the bench). */
export function searchPostsSql(
  tsquery: SQL,
  filters: PostFilters,
  matchedTagIds: readonly string[],
  cursor: Cursor | null,
  limit: number,
  viewerId: string | null = null,
): SQL {
  const where = filterSql(filters);
  const n = searchLimits.candidates;
  const byTag =
    matchedTagIds.length > 0
      ? sql` union (select pt.post_id from post_tags pt join posts p on p.id = pt.post_id
            where pt.tag_id = any(${sql.param([...matchedTagIds])}::uuid[]) and ${where} limit ${n})`
      : sql``;
  const tagBonus =
    matchedTagIds.length > 0
      ? sql`case when p.tag_ids && ${sql.param([...matchedTagIds])}::uuid[] then 0.1::real else 0::real end`
      : sql`0::real`;
  const after = cursor
    ? sql`where (r.rank, r.created_at, r.id) < (${cursor[0]}::real, ${cursor[1]}::timestamptz, ${cursor[2]}::uuid)`
    : sql``;
  const clean = (col: SQL) => sql`translate(${col}, ${markStart + markStop}, '')`;
  const headlines = cfgs.flatMap((c, i) => [
    sql`ts_headline(${sql.raw(`'public.${c}'::regconfig`)}, ${clean(sql`pg.title`)}, s.q, ${headlineOptions}) as ${sql.raw(`t${i + 1}`)}`,
    sql`ts_headline(${sql.raw(`'public.${c}'::regconfig`)}, ${clean(sql`left(pg.body, ${headlineChars})`)}, s.q, ${headlineOptions}) as ${sql.raw(`b${i + 1}`)}`,
  ]);
  // The tsquery is written out in the candidates' WHERE (not read from s): the planner folds it to
  // a constant and estimates its selectivity, so it picks the GIN index for rare words.
  return sql`with s as (select ${tsquery} as q),
    candidates as (
      (select p.id from posts p where p.search @@ ${tsquery} and ${where} limit ${n})${byTag}
    ),
    page as (
      select r.* from (
        select p.id, p.title, p.body, p.created_at,
          (ts_rank(p.search, s.q) + ${tagBonus})::real as rank
        from candidates c join posts p on p.id = c.id, s
      ) r ${after}
      order by r.rank desc, r.created_at desc, r.id desc
      limit ${limit}
    )
    select pg.rank, ${summaryColumns}, ${sql.join(headlines, sql`, `)} ${postLikedColumn(viewerId)}
    from page pg join posts p on p.id = pg.id ${summaryJoins}, s
    order by pg.rank desc, pg.created_at desc, pg.id desc`;
}

/**
 * The read of one page of posts for `q` (none when the query has no words and names no tag), with
 * the viewer's likes among them, and how its rows become the page.
 */
function postsRead(
  q: string,
  filters: PostFilters,
  matchedTagIds: readonly string[],
  cursor: string | undefined,
  viewerId: string | null,
): {
  select: SQL;
  finish: (rows: HitRow[]) => { posts: SearchPost[]; nextCursor: string | null };
} | null {
  const { tsquery, hangul } = textQuery(q);
  const key = cursor === undefined ? null : decodeCursor(cursor, rankKey);
  if (!tsquery && matchedTagIds.length === 0) return null;
  // A query with only tag matches still needs a tsquery; an empty one matches nothing.
  const query = tsquery ?? sql`''::tsquery`;
  return {
    select: searchPostsSql(query, filters, matchedTagIds, key, pageSize.search + 1, viewerId),
    finish(rows) {
      const page = rows.slice(0, pageSize.search);
      const last = page.at(-1);
      const nextCursor =
        rows.length > pageSize.search && last
          ? encodeCursor([Number(last.rank), last.cursor_ts, last.id])
          : null;
      const posts = page.map((row): SearchPost => {
        const title = titleHighlight([row.t1, row.t2, row.t3, row.t4], hangul);
        const body = excerptHighlight([row.b1, row.b2, row.b3, row.b4], hangul, row.body_start);
        return {
          ...presentPostSummary(row, row.viewer_liked === true),
          excerpt: body.excerpt,
          highlight: { title, excerpt: body.ranges },
        };
      });
      return { posts, nextCursor };
    },
  };
}

interface UserHitRow extends Record<string, unknown> {
  id: string;
  username: string;
  displayed_role: PublicUserRow['displayedRole'];
  avatar_path: string | null;
}

/** Users with access whose username contains `q`: exact, then prefix, then the rest by name. */
function usersSql(q: string): SQL {
  const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`select id, username, displayed_role, avatar_path from "user"
    where lower(username) like ${`%${escaped}%`}
      and not (roles && ${sql.param(noAccessRoles)}::text[])
    order by (lower(username) = ${q.toLowerCase()}) desc,
      (lower(username) like ${`${escaped}%`}) desc, lower(username)
    limit ${pageSize.search}`;
}

const presentUserHit = (r: UserHitRow): PublicUser =>
  presentPublicUser({
    id: r.id,
    username: r.username,
    displayedRole: r.displayed_role,
    avatarPath: r.avatar_path,
  });

/**
 * Search for a viewer (lib/http-cache.ts `answerLiked`): the results without the viewer's likes
 * from the node's payload cache (by query and language; the tags from the cached tag list), and
 * the viewer's likes among the posts found (one statement on their first read of the results).
 */
export function searchFor(
  db: Db,
  query: SearchQuery,
  viewerId: string,
  lng: Language,
  cache: PayloadCache,
): MaybePromise<LikedView<SearchResults>> {
  const key = `search:${lng}:${JSON.stringify(query)}`;
  return likedPostsView(db, cache, key, viewerId, 'posts', () =>
    searchResults(db, query, viewerId, lng, cache),
  );
}

/** Search as the viewer sees it, from the database (no cache: bench/search.ts times it). */
export function search(
  db: Db,
  query: SearchQuery,
  viewerId: string,
  lng: Language,
): Promise<SearchResults> {
  return searchResults(db, query, viewerId, lng);
}

async function searchResults(
  db: Db,
  query: SearchQuery,
  viewerId: string | null,
  lng: Language,
  cache?: PayloadCache,
): Promise<SearchResults> {
  const { q, kind, cursor } = query;
  if (searchQueryLength(q) < searchLimits.minLength) {
    return { posts: [], users: [], tags: [], nextCursor: null, tooShort: true };
  }
  const want = (k: SearchKind) => kind === 'all' || kind === k;
  const matchedTags: Tag[] =
    want('tags') || want('posts')
      ? searchTags(
          cache
            ? (await cache.get('tags', async () => (await listTags(db)).map(presentTag))).value
            : (await listTags(db)).map(presentTag),
          q,
          lng,
        )
      : [];
  const posts = want('posts')
    ? postsRead(
        q,
        query,
        matchedTags.slice(0, maxMatchedTags).map((t) => t.id),
        cursor,
        viewerId,
      )
    : null;
  // Users and tags have one page; a later page of posts does not repeat them.
  const firstPage = cursor === undefined;
  const users = want('users') && firstPage ? usersSql(q) : null;
  // Posts and users in one statement (none when neither is asked for: tags only, or a
  // query with neither words nor tags on a later page).
  const found =
    posts || users
      ? await selectTogether<{ posts: HitRow[]; users: UserHitRow[] }>(db, {
          posts: posts ? jsonRows(posts.select) : sql`'[]'::json`,
          users: users ? jsonRows(users) : sql`'[]'::json`,
        })
      : { posts: [], users: [] };
  const tags = want('tags') && firstPage ? matchedTags.slice(0, pageSize.search) : [];
  return {
    ...(posts ? posts.finish(found.posts) : { posts: [], nextCursor: null }),
    users: found.users.map(presentUserHit),
    tags,
    tooShort: false,
  };
}

type SearchKind = SearchQuery['kind'];
