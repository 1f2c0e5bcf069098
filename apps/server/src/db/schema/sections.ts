/** Sections of the site. The five defaults are inserted by a data migration (0001). */
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Section } from '@atelier/shared';

export const sections = pgTable('sections', {
  slug: text('slug').primaryKey(),
  type: text('type').$type<Section['type']>().notNull(),
  name: jsonb('name').$type<Section['name']>().notNull(),
  description: jsonb('description').$type<Section['description']>().notNull(),
  order: integer('sort_order').notNull().default(0),
  postCount: integer('post_count').notNull().default(0),
});

export type SectionRow = typeof sections.$inferSelect;
