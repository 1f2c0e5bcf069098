/**
 * Series and credits reads. Everything listed is filtered by what the viewer may open (a
 * published post, or a removed one of their own, or any for a moderator: posts' `canSeePost`).
 * A post's credits view is a fixed number of statements: the post, its series place, its series'
 * chapters, its credits and derivatives, then their summaries and the viewer's likes in one go.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  derivativesShown,
  isModerator,
  type CreditKind,
  type PostCredits,
  type PostSummary,
  type Series,
  type SeriesDetail,
} from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { postSummariesByIds } from '../posts/queries.ts';
import { canSeePost } from '../posts/policy.ts';
import { postNotFound } from '../posts/service.ts';
import {
  presentLink,
  presentSeries,
  type ChapterRow,
  type SeriesRowWithAuthor,
} from './presenter.ts';

export const seriesNotFound = () => notFound('errors.seriesNotFound');

/** Chapters listed at most (a series' page and a post's chapter list). */
export const chaptersShown = 500;

/** The SQL condition "the viewer may open post p". */
export function visibleTo(viewer: UserRow, alias = sql`p`): SQL {
  if (isModerator(viewer.roles)) return sql`true`;
  return sql`(${alias}.state = 'published' or ${alias}.author_id = ${viewer.id})`;
}

const seriesColumns = (viewer: UserRow) => sql`
  s.id, s.title, s.description, s.created_at, s.author_id,
  u.username as author_username, u.displayed_role as author_displayed_role,
  u.avatar_path as author_avatar_path,
  (select count(*)::int from series_posts sp join posts p on p.id = sp.post_id
     where sp.series_id = s.id and ${visibleTo(viewer)}) as chapter_count`;

export async function findSeries(db: Tx, viewer: UserRow, id: string): Promise<Series | undefined> {
  const [row] = await queryRows<SeriesRowWithAuthor>(
    db,
    sql`select ${seriesColumns(viewer)} from series s join "user" u on u.id = s.author_id
        where s.id = ${id}`,
  );
  return row ? presentSeries(row) : undefined;
}

export async function listOwnSeries(db: Tx, viewer: UserRow): Promise<Series[]> {
  const rows = await queryRows<SeriesRowWithAuthor>(
    db,
    sql`select ${seriesColumns(viewer)} from series s join "user" u on u.id = s.author_id
        where s.author_id = ${viewer.id}
        order by s.created_at desc limit 200`,
  );
  return rows.map(presentSeries);
}

/** The chapters of a series the viewer may see, in order. */
async function visibleChapters(db: Tx, viewer: UserRow, seriesId: string) {
  return queryRows<ChapterRow>(
    db,
    sql`select p.id, p.title from series_posts sp join posts p on p.id = sp.post_id
        where sp.series_id = ${seriesId} and ${visibleTo(viewer)}
        order by sp.position, p.created_at, p.id
        limit ${chaptersShown}`,
  );
}

export async function loadSeriesDetail(db: Tx, viewer: UserRow, id: string): Promise<SeriesDetail> {
  const series = await findSeries(db, viewer, id);
  if (!series) throw seriesNotFound();
  const chapters = await visibleChapters(db, viewer, id);
  const summaries = await postSummariesByIds(
    db,
    chapters.map((c) => c.id),
    viewer.id,
  );
  return {
    ...series,
    chapters: summaries.map((post, i) => ({ part: i + 1, post })),
  };
}

/** A post's place in its series, its credits and its derivatives (404 if the viewer cannot see it). */
export async function loadPostCredits(
  db: Tx,
  viewer: UserRow,
  postId: string,
): Promise<PostCredits> {
  const [post] = await queryRows<{ state: string; author_id: string; series_id: string | null }>(
    db,
    sql`select p.state, p.author_id, sp.series_id from posts p
        left join series_posts sp on sp.post_id = p.id where p.id = ${postId}`,
  );
  if (!post || !canSeePost(viewer, { state: post.state, authorId: post.author_id }))
    throw postNotFound();

  let place: PostCredits['series'] = null;
  if (post.series_id) {
    const series = await findSeries(db, viewer, post.series_id);
    const chapters = await visibleChapters(db, viewer, post.series_id);
    const index = chapters.findIndex((c) => c.id === postId);
    if (series && index >= 0) {
      const previous = chapters[index - 1];
      const next = chapters[index + 1];
      place = {
        series,
        part: index + 1,
        of: chapters.length,
        previous: previous ? presentLink(previous) : null,
        next: next ? presentLink(next) : null,
        chapters: chapters.map((c, i) => ({ ...presentLink(c), part: i + 1 })),
      };
    }
  }

  const links = await queryRows<{
    id: string;
    kind: CreditKind;
    direction: 'source' | 'derivative';
  }>(
    db,
    sql`(select pc.source_id as id, pc.kind, 'source' as direction, pc.created_at
           from post_credits pc join posts p on p.id = pc.source_id
           where pc.post_id = ${postId} and ${visibleTo(viewer)})
        union all
        (select id, kind, 'derivative', created_at from (
           select pc.post_id as id, pc.kind, pc.created_at,
             row_number() over (partition by pc.kind order by pc.created_at desc, pc.post_id) as n
           from post_credits pc join posts p on p.id = pc.post_id
           where pc.source_id = ${postId} and ${visibleTo(viewer)}) d
         where n <= ${derivativesShown})
        order by created_at desc`,
  );
  const summaries = await postSummariesByIds(db, [...new Set(links.map((l) => l.id))], viewer.id);
  const byId = new Map<string, PostSummary>(summaries.map((s) => [s.id, s]));
  const result: PostCredits = {
    postId,
    series: place,
    credits: [],
    derivatives: { translation: [], remix: [], inspiration: [] },
  };
  for (const link of links) {
    const summary = byId.get(link.id);
    if (!summary) continue;
    if (link.direction === 'source') result.credits.push({ kind: link.kind, post: summary });
    else result.derivatives[link.kind].push(summary);
  }
  return result;
}
