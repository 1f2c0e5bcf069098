/** GET /api/sections (users with access): the sections, in their order. */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Section } from '@atelier/shared';
import { requireAccess } from '../../auth/access.ts';
import { sections, type SectionRow } from '../../db/schema/index.ts';

export function presentSection(row: SectionRow): Section {
  return { slug: row.slug, type: row.type, name: row.name, description: row.description, order: row.order, postCount: row.postCount };
}

export function sectionRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  app.get('/api/sections', { preHandler: requireAccess('member') }, async () => {
    const rows = await db.select().from(sections).orderBy(asc(sections.order), asc(sections.slug));
    return rows.map(presentSection);
  });
  done();
}
