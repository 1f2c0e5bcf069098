/**
 * Post reads, each one statement whatever its length: a list is the posts with their authors,
 * cover, media count and the viewer's likes (keyset pagination on the sort key); a full post is
 * the post with its author, its media and the viewer's like.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Page, Post, PostSort, PostSummary, Provenance } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { cursorId, cursorTimestamp, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { queryRows } from '../../lib/sql.ts';
import type { LikedView } from '../../lib/http-cache.ts';
import {
  andThen,
  type Cached,
  type MaybePromise,
  type PayloadCache,
} from '../../lib/payload-cache.ts';
import { likedView, viewerLikedColumn } from '../likes/service.ts';
import { type MediaFields } from '../media/presenter.ts';
import {
  presentPost,
  presentPostSummary,
  type PostRowFull,
  type PostSummaryRow,
} from './presenter.ts';
import { canSeePost } from './policy.ts';
import { postNotFound } from './service.ts';

/** A timestamptz as ISO text with microseconds (cursors must not lose precision). */
const isoText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns of a post summary (presenter.ts `PostSummaryRow`), over `posts p` and `summaryJoins`. */
export const summaryColumns = sql`
  p.id, p.author_id, p.section_slug, p.title, left(p.body, 4000) as body_start, p.provenance,
  p.tools, array_to_json(p.tag_ids) as tag_ids, p.like_count, p.comment_count, p.view_count,
  p.edition_count, p.edition_at, p.created_at,
  ${isoText(sql`p.created_at`)} as cursor_ts,
  u.username as author_username, u.displayed_role as author_displayed_role,
  u.avatar_path as author_avatar_path,
  c.id as cover_id, c.kind as cover_kind, c.key as cover_key, c.thumbnail_key as cover_thumbnail_key,
  c.width as cover_width, c.height as cover_height, c.bytes as cover_bytes, c.mime as cover_mime,
  (select count(*)::int from media mc where mc.post_id = p.id) as media_count`;

/** The author (`u`) and cover (`c`) of `posts p`, for `summaryColumns`. */
export const summaryJoins = sql`
  join "user" u on u.id = p.author_id
  left join lateral (
    select m.id, m.kind, m.key, m.thumbnail_key, m.width, m.height, m.bytes, m.mime
    from media m where m.post_id = p.id
    order by (m.kind = 'image') desc, m.position asc
    limit 1
  ) c on true`;

export interface PostListFilter {
  sort: PostSort;
  sectionSlug?: string;
  authorId?: string;
  tagId?: string;
  provenance?: Provenance;
  cursor?: string;
  limit: number;
}

type NewKey = [string, string];
type TopKey = [number, string, string];

const newKey = z.tuple([cursorTimestamp, cursorId()]);
const topKey = z.tuple([z.number().int(), cursorTimestamp, cursorId()]);

/** The sort key in an opaque cursor, checked (a forged cursor is a 400, never SQL). */
export const decodePostCursor = (cursor: string, sort: PostSort): NewKey | TopKey =>
  sort === 'new' ? decodeCursor(cursor, newKey) : decodeCursor(cursor, topKey);

/** The viewer's like of each post `p` read (`viewer_liked`), or nothing without a viewer. */
export const postLikedColumn = (viewerId: string | null) =>
  viewerId === null ? sql`` : sql`, ${viewerLikedColumn('post', 'p', viewerId)}`;

/** Rows read with `postLikedColumn`, presented: liked as the viewer's like. */
const presentLiked = (rows: readonly (PostSummaryRow & { viewer_liked?: boolean })[]) =>
  rows.map((r) => presentPostSummary(r, r.viewer_liked === true));

/**
 * Published posts of a section, an author or a tag, newest or most liked first, in one statement
 * with the viewer's likes among them (no viewer: liked false).
 */
export async function listPostSummaries(
  db: Tx,
  filter: PostListFilter,
  viewerId: string | null,
): Promise<Page<PostSummary>> {
  const conditions: SQL[] = [sql`p.state = 'published'`];
  let tagJoin = sql``;
  if (filter.sectionSlug !== undefined)
    conditions.push(sql`p.section_slug = ${filter.sectionSlug}`);
  if (filter.authorId !== undefined) conditions.push(sql`p.author_id = ${filter.authorId}`);
  if (filter.provenance !== undefined) conditions.push(sql`p.provenance = ${filter.provenance}`);
  if (filter.tagId !== undefined) {
    // post_tags_tag_idx: (tag_id, section_slug, created_at desc, post_id desc).
    tagJoin =
      filter.sectionSlug !== undefined
        ? sql`join post_tags pt on pt.post_id = p.id and pt.tag_id = ${filter.tagId} and pt.section_slug = ${filter.sectionSlug}`
        : sql`join post_tags pt on pt.post_id = p.id and pt.tag_id = ${filter.tagId}`;
  }
  // With a tag, the newest-first order reads post_tags' index (its created_at and post_id are the
  // post's own), so a popular tag does not sort all its posts.
  const [created, id] =
    filter.tagId !== undefined
      ? [sql`pt.created_at`, sql`pt.post_id`]
      : [sql`p.created_at`, sql`p.id`];
  if (filter.cursor !== undefined) {
    const key = decodePostCursor(filter.cursor, filter.sort);
    if (key.length === 2) {
      conditions.push(sql`(${created}, ${id}) < (${key[0]}::timestamptz, ${key[1]}::uuid)`);
    } else {
      conditions.push(
        sql`(p.like_count, p.created_at, p.id) < (${key[0]}::int, ${key[1]}::timestamptz, ${key[2]}::uuid)`,
      );
    }
  }
  const order =
    filter.sort === 'top'
      ? sql`p.like_count desc, p.created_at desc, p.id desc`
      : sql`${created} desc, ${id} desc`;
  const rows = await queryRows<PostSummaryRow & { key_ts: string; viewer_liked?: boolean }>(
    db,
    sql`select ${summaryColumns}, ${isoText(created)} as key_ts ${postLikedColumn(viewerId)}
        from posts p ${tagJoin} ${summaryJoins}
        where ${sql.join(conditions, sql` and `)}
        order by ${order}
        limit ${filter.limit + 1}`,
  );
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > filter.limit && last
      ? encodeCursor(
          filter.sort === 'top'
            ? [Number(last.like_count), last.cursor_ts, last.id]
            : [last.key_ts, last.id],
        )
      : null;
  return { items: presentLiked(page), nextCursor };
}

/** Summaries of the given published posts, in the order given, in one statement (no viewer: liked false). */
export async function postSummariesByIds(
  db: Tx,
  ids: readonly string[],
  viewerId: string | null,
): Promise<PostSummary[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<PostSummaryRow & { viewer_liked?: boolean }>(
    db,
    sql`select ${summaryColumns} ${postLikedColumn(viewerId)} from posts p ${summaryJoins}
        where p.id = any(${sql.param([...ids])}::uuid[])`,
  );
  const byId = new Map(presentLiked(rows).map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A post's part that is the same for every viewer who may see it: its row and its media. */
export interface SharedPost {
  row: PostRowFull;
  media: MediaFields[];
}

/**
 * The post with its author and its media in order, and whether the viewer likes it, in one
 * statement (no visibility check); null when there is no such post.
 */
export async function findSharedPost(
  db: Tx,
  id: string,
  viewerId: string | null = null,
): Promise<{ shared: SharedPost; liked: boolean } | null> {
  const [found] = await queryRows<PostRowFull & { media: MediaFields[]; viewer_liked?: boolean }>(
    db,
    sql`select ${summaryColumns}, p.body, p.state, p.removal_reason, p.removal_other_reason
          ${postLikedColumn(viewerId)},
          coalesce((
            select json_agg(json_build_object('id', m.id, 'kind', m.kind, 'key', m.key,
                'thumbnailKey', m.thumbnail_key, 'width', m.width, 'height', m.height,
                'bytes', m.bytes, 'mime', m.mime) order by m.position)
            from media m where m.post_id = p.id
          ), '[]'::json) as media
        from posts p ${summaryJoins} where p.id = ${id}`,
  );
  if (!found) return null;
  const { media, viewer_liked, ...row } = found;
  return { shared: { row, media }, liked: viewer_liked === true };
}

/** The full post if the viewer may open it (404 errors.postNotFound otherwise); one statement. */
export async function readPost(db: Tx, id: string, viewer: UserRow): Promise<Post> {
  const found = await findSharedPost(db, id, viewer.id);
  if (!found || !mayOpen(viewer, found.shared)) throw postNotFound();
  return presentPost(found.shared.row, found.shared.media, found.liked);
}

const mayOpen = (viewer: Pick<UserRow, 'id' | 'roles'>, { row }: SharedPost) =>
  canSeePost(viewer, { state: row.state, authorId: row.author_id });

/** The post's shared part from the node's payload cache (one statement on a miss); null: none. */
export async function sharedPost(
  db: Tx,
  cache: PayloadCache,
  id: string,
): Promise<SharedPost | null> {
  return (await cachedPost(db, cache, id)).value;
}

/** `sharedPost`, at once on a cache hit (no promise). */
export function sharedPostNow(
  db: Tx,
  cache: PayloadCache,
  id: string,
): MaybePromise<SharedPost | null> {
  return andThen(cachedPost(db, cache, id), (cached) => cached.value);
}

function cachedPost(
  db: Tx,
  cache: PayloadCache,
  id: string,
): MaybePromise<Cached<SharedPost | null>> {
  return cache.getNow(`post:${id}`, async () => (await findSharedPost(db, id))?.shared ?? null);
}

/**
 * The post's shared part and the viewer's like (lib/http-cache.ts `answerLiked`), or null when it
 * does not exist or is not theirs to see (a removed post: its author and moderators only): read
 * together on a miss (one statement); on a hit, the viewer's like (one statement on their first
 * read).
 */
export function postFor(
  db: Tx,
  cache: PayloadCache,
  id: string,
  viewer: Pick<UserRow, 'id' | 'roles'>,
): MaybePromise<LikedView<SharedPost> | null> {
  const view = likedView<SharedPost | null>(
    db,
    cache,
    `post:${id}`,
    viewer.id,
    'post',
    async () => {
      const found = await findSharedPost(db, id, viewer.id);
      return { value: found?.shared ?? null, part: new Set(found?.liked ? [id] : []) };
    },
    // No statement for a post the viewer may not open.
    (shared) => (shared && mayOpen(viewer, shared) ? [shared.row.id] : []),
  );
  return andThen(view, ({ cached, liked }) =>
    cached.value && mayOpen(viewer, cached.value)
      ? { cached: cached as Cached<SharedPost>, liked }
      : null,
  );
}

/** The post of a shared part as the API shows it to a viewer who does not like it. */
export const presentSharedPost = ({ row, media }: SharedPost): Post =>
  presentPost(row, media, false);
