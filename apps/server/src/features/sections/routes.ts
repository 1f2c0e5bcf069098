/**
 * Sections (users with access): GET /api/sections (in their order), GET /api/sections/:slug,
 * GET /api/sections/:slug/posts (listPostsQuerySchema → Page<PostSummary>).
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listPostsQuerySchema, type Section } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { sections, type SectionRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { listPostSummaries } from '../posts/queries.ts';

export function presentSection(row: SectionRow): Section {
  return {
    slug: row.slug,
    type: row.type,
    name: row.name,
    description: row.description,
    order: row.order,
    postCount: row.postCount,
  };
}

const slugOf = (params: unknown) => {
  const slug = (params as { slug?: unknown }).slug;
  return typeof slug === 'string' ? slug : '';
};

export function sectionRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const member = requireAccess('member');

  app.get('/api/sections', { preHandler: member }, async () => {
    const rows = await db.select().from(sections).orderBy(asc(sections.order), asc(sections.slug));
    return rows.map(presentSection);
  });

  app.get('/api/sections/:slug', { preHandler: member }, async (request) => {
    const [row] = await db
      .select()
      .from(sections)
      .where(eq(sections.slug, slugOf(request.params)));
    if (!row) throw notFound('errors.sectionNotFound');
    return presentSection(row);
  });

  app.get('/api/sections/:slug/posts', { preHandler: member }, async (request) => {
    const query = listPostsQuerySchema.parse(request.query);
    const slug = slugOf(request.params);
    const [row] = await db
      .select({ slug: sections.slug })
      .from(sections)
      .where(eq(sections.slug, slug));
    if (!row) throw notFound('errors.sectionNotFound');
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
      viewerOf(request).user.id,
    );
  });
  done();
}
