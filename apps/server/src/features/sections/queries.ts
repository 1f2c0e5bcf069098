/** Reads of sections: all in their order, one by slug, a section's posts. */
import { asc, eq } from 'drizzle-orm';
import type { ListPostsQuery, Page, PostSummary, Section } from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { sections } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { listPostSummaries } from '../posts/queries.ts';
import { presentSection } from './presenter.ts';

export const sectionNotFound = () => notFound('errors.sectionNotFound');

export async function listSections(db: Db): Promise<Section[]> {
  const rows = await db.select().from(sections).orderBy(asc(sections.order), asc(sections.slug));
  return rows.map(presentSection);
}

export async function getSection(db: Db, slug: string): Promise<Section> {
  const [row] = await db.select().from(sections).where(eq(sections.slug, slug));
  if (!row) throw sectionNotFound();
  return presentSection(row);
}

/** The section's published posts as the viewer sees them; 404 for an unknown section. */
export async function listSectionPosts(
  db: Db,
  slug: string,
  query: ListPostsQuery,
  viewerId: string,
): Promise<Page<PostSummary>> {
  const [row] = await db
    .select({ slug: sections.slug })
    .from(sections)
    .where(eq(sections.slug, slug));
  if (!row) throw sectionNotFound();
  return listPostSummaries(
    db,
    {
      sort: query.sort,
      sectionSlug: row.slug,
      tagId: query.tag,
      provenance: query.provenance,
      cursor: query.cursor,
      limit: query.limit,
    },
    viewerId,
  );
}
