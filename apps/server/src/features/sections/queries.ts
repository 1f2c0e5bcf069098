/** Reads of sections: all in their order, one by slug, a section's posts. */
import { asc, eq } from 'drizzle-orm';
import type { ListPostsQuery, Page, PostSummary, Section } from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { sections } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { LikedView } from '../../lib/http-cache.ts';
import {
  andThen,
  type Cached,
  type MaybePromise,
  type PayloadCache,
} from '../../lib/payload-cache.ts';
import { likedPostsView } from '../likes/service.ts';
import { listPostSummaries } from '../posts/queries.ts';
import { presentSection } from './presenter.ts';

export const sectionNotFound = () => notFound('errors.sectionNotFound');

export async function listSections(db: Db): Promise<Section[]> {
  const rows = await db.select().from(sections).orderBy(asc(sections.order), asc(sections.slug));
  return rows.map(presentSection);
}

/** All sections from the node's payload cache (lib/payload-cache.ts; one statement on a miss). */
/** The sections' key in the payload cache. */
export const SECTIONS_KEY = 'sections';

export function cachedSections(db: Db, cache: PayloadCache): Promise<Cached<Section[]>> {
  return cache.get(SECTIONS_KEY, () => listSections(db));
}

export async function getSection(db: Db, slug: string, cache?: PayloadCache): Promise<Section> {
  if (cache) {
    const found = (await cachedSections(db, cache)).value.find((s) => s.slug === slug);
    if (!found) throw sectionNotFound();
    return found;
  }
  const [row] = await db.select().from(sections).where(eq(sections.slug, slug));
  if (!row) throw sectionNotFound();
  return presentSection(row);
}

/**
 * The section's published posts as the viewer sees them; 404 for an unknown section. From the
 * node's payload cache: the page without the viewer's likes (key: the whole query), and the
 * viewer's likes among its posts (read with the page on a miss; one statement on the viewer's
 * first read of a cached page).
 */
export function sectionPostsFor(
  db: Db,
  slug: string,
  query: ListPostsQuery,
  viewerId: string,
  cache: PayloadCache,
): MaybePromise<LikedView<Page<PostSummary>>> {
  // Synchronous when all three are cached (no promise between the router and the bytes).
  return andThen(
    cache.getNow(SECTIONS_KEY, () => listSections(db)),
    (sections) => {
      const section = sections.value.find((s) => s.slug === slug);
      if (!section) throw sectionNotFound();
      const filter = {
        sort: query.sort,
        sectionSlug: section.slug,
        tagId: query.tag,
        provenance: query.provenance,
        cursor: query.cursor,
        limit: query.limit,
      };
      const key = `section-posts:${section.slug}:${JSON.stringify([query.sort, query.tag, query.provenance, query.cursor, query.limit])}`;
      return likedPostsView(db, cache, key, viewerId, 'items', () =>
        listPostSummaries(db, filter, viewerId),
      );
    },
  );
}
