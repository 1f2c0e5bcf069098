/** Sections as the API shows them. */
import type { Section } from '@atelier/shared';
import type { SectionRow } from '../../db/schema/index.ts';

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
