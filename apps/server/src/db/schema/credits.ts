/**
 * Creators' credits (issue 11, item 8): series of one author's posts and credits between posts.
 *
 * A post is in at most one series (`series_posts` keyed by the post); `position` orders the
 * chapters (dense from 1 after each change; the part a reader sees is counted among the chapters
 * they may see). Deleting a post removes its place and its credits both ways (cascades).
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CreditKind } from '@atelier/shared';
import { user } from './auth.ts';
import { posts } from './community.ts';

export const series = pgTable(
  'series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('series_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst())],
);

export const seriesPosts = pgTable(
  'series_posts',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [index('series_posts_series_idx').on(t.seriesId, t.position)],
);

/** `post_id` credits `source_id` as its source (one kind per pair). */
export const postCredits = pgTable(
  'post_credits',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CreditKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.sourceId] }),
    index('post_credits_source_idx').on(
      t.sourceId,
      t.kind,
      t.createdAt.desc().nullsFirst(),
      t.postId,
    ),
  ],
);

export type SeriesRow = typeof series.$inferSelect;
