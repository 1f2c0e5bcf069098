/**
 * Creators' credits (issue 11, item 8): series of one author's posts and credits between posts.
 *
 * A post is in at most one series (`series_posts` keyed by the post); `position` orders the
 * chapters (dense from 1 after each change; the part a reader sees is counted among the chapters
 * they may see). Deleting a post removes its place and its credits both ways (cascades).
 */
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { uuidPrimaryKey, timestampNow } from './columns.ts';
import type { CreditKind } from '@atelier/shared';
import { userIdCascade } from './auth.ts';
import { posts } from './community.ts';

export const series = pgTable(
  'series',
  {
    id: uuidPrimaryKey(),
    authorId: userIdCascade('author_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestampNow(),
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
    createdAt: timestampNow(),
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
