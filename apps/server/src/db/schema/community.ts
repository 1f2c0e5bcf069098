/**
 * The community (issue 3): tags, posts with media and views, comments and their replies, status
 * updates and their replies, and one like table per target.
 *
 * Counters (likes, comments, replies, views, post counts, the likes a user received) are columns
 * updated in the same transaction as the row they count, so they never drift. Every like table has
 * the primary key (target, user): one like per user and target, whatever the concurrency.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidPrimaryKey, timestamptz, timestampNow } from './columns.ts';
import type { MediaKind, Provenance, TagLabels, TagType } from '@atelier/shared';
import { user, userIdCascade } from './auth.ts';
import { sections } from './sections.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestampNow();
const edition = {
  editionCount: integer('edition_count').notNull().default(0),
  editionAt: timestamptz('edition_at'),
};
const authorId = () => userIdCascade('author_id');

// ---- tags ----

export const tags = pgTable(
  'tags',
  {
    id: uuidPrimaryKey(),
    /** { en, ko?, fr?, es? }; en is required and the fallback. */
    labels: jsonb('labels').$type<TagLabels>().notNull(),
    type: text('type').$type<TagType>().notNull().default('general'),
    /** Ids of parent tags (a search on a parent's label finds its children). */
    parents: uuid('parents')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    postCount: integer('post_count').notNull().default(0),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('tags_en_label_idx').on(sql`lower(${t.labels} ->> 'en')`)],
);

// ---- posts ----

export const posts = pgTable(
  'posts',
  {
    id: uuidPrimaryKey(),
    authorId: authorId(),
    sectionSlug: text('section_slug')
      .notNull()
      .references(() => sections.slug, { onUpdate: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    provenance: text('provenance').$type<Provenance>().notNull(),
    tools: text('tools').notNull().default(''),
    /** Tag ids, in the author's order (post_tags holds the same pairs for lookups by tag). */
    tagIds: uuid('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    state: text('state').$type<'published' | 'removed'>().notNull().default('published'),
    removalReason: text('removal_reason'),
    removalOtherReason: text('removal_other_reason'),
    removedById: text('removed_by_id').references(() => user.id, { onDelete: 'set null' }),
    removedAt: timestamptz('removed_at'),
    likeCount: integer('like_count').notNull().default(0),
    /** Comments and comment replies that are not deleted. */
    commentCount: integer('comment_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    ...edition,
    createdAt: createdAt(),
    /**
     * Full-text search on title (weight A) and body (B): accent-folded words as they are, their
     * English, French and Spanish stems, and Hangul bigrams (migration 0010_search defines
     * `atelier_search_vector` and the `atelier_*` text search configurations).
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`public.atelier_search_vector(${posts.title}, ${posts.body})`,
      ),
  },
  (t) => [
    index('posts_section_new_idx')
      .on(t.sectionSlug, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'published'`),
    index('posts_section_top_idx')
      .on(
        t.sectionSlug,
        t.likeCount.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.state} = 'published'`),
    index('posts_author_idx').on(
      t.authorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('posts_author_day_idx').on(t.authorId, t.sectionSlug, t.createdAt),
    index('posts_new_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'published'`),
    index('posts_search_idx').using('gin', t.search).with({ fastupdate: false }),
  ],
);

/**
 * One row per post created, kept when the post is deleted: the probation limit (posts a day in a
 * limited section) counts these, so deleting and posting again does not get around it. Rows
 * older than two days are pruned when the author posts.
 */
export const postCreations = pgTable(
  'post_creations',
  {
    id: uuidPrimaryKey(),
    authorId: userIdCascade('author_id'),
    sectionSlug: text('section_slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('post_creations_author_idx').on(t.authorId, t.createdAt)],
);

export const postTags = pgTable(
  'post_tags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    /** Copied from the post so a section's posts with a tag are one index range. */
    sectionSlug: text('section_slug').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tagId] }),
    index('post_tags_tag_idx').on(
      t.tagId,
      t.sectionSlug,
      t.createdAt.desc().nullsFirst(),
      t.postId.desc().nullsFirst(),
    ),
  ],
);

/**
 * Earlier versions of a post (issue 11): each edit stores the version it replaces, in the edit's
 * transaction. `number` is the edition count that version had (0 = as first published);
 * `writtenAt` is when that version was written, `replacedAt` when the edit replaced it.
 */
export const postVersions = pgTable(
  'post_versions',
  {
    id: uuidPrimaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    tagIds: uuid('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    writtenAt: timestamptz('written_at').notNull(),
    replacedAt: timestamptz('replaced_at').notNull(),
    /** Who made the edit that replaced this version (the author or a moderator). */
    editedById: text('edited_by_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [index('post_versions_post_idx').on(t.postId, t.number)],
);

/** Uploaded files. Uploaded first (post_id null), attached when the post is saved. */
export const media = pgTable(
  'media',
  {
    id: uuidPrimaryKey(),
    uploaderId: userIdCascade('uploader_id'),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    kind: text('kind').$type<MediaKind>().notNull(),
    /** Storage keys (relative to the media root), e.g. posts/<uuid>.webp. */
    key: text('key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    mime: text('mime').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_post_idx').on(t.postId, t.position),
    index('media_unattached_idx')
      .on(t.uploaderId, t.createdAt)
      .where(sql`${t.postId} is null`),
  ],
);

/** One view per viewer per day. */
export const postViews = pgTable(
  'post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    viewerId: userIdCascade('viewer_id'),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.viewerId, t.day] })],
);

// ---- comments ----

export const comments = pgTable(
  'comments',
  {
    id: uuidPrimaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: authorId(),
    body: text('body').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    ...edition,
    /** Set when deleted while it had replies: it stays as "[deleted]". */
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId, t.createdAt),
  ],
);

export const commentReplies = pgTable(
  'comment_replies',
  {
    id: uuidPrimaryKey(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: authorId(),
    body: text('body').notNull(),
    /** What it answers: the comment (reply id null) or another reply of the same comment. */
    replyingToReplyId: uuid('replying_to_reply_id'),
    replyingToAuthorId: text('replying_to_author_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    replyingToExcerpt: text('replying_to_excerpt').notNull().default(''),
    likeCount: integer('like_count').notNull().default(0),
    ...edition,
    createdAt: createdAt(),
  },
  (t) => [
    index('comment_replies_comment_idx').on(t.commentId, t.createdAt, t.id),
    index('comment_replies_post_idx').on(t.postId),
    index('comment_replies_author_idx').on(t.authorId, t.createdAt),
  ],
);

// ---- status updates ----

export const statusUpdates = pgTable(
  'status_updates',
  {
    id: uuidPrimaryKey(),
    authorId: authorId(),
    content: text('content').notNull(),
    replyCount: integer('reply_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    ...edition,
    createdAt: createdAt(),
  },
  (t) => [
    index('status_updates_new_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('status_updates_author_idx').on(
      t.authorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const statusReplies = pgTable(
  'status_update_replies',
  {
    id: uuidPrimaryKey(),
    statusId: uuid('status_id')
      .notNull()
      .references(() => statusUpdates.id, { onDelete: 'cascade' }),
    authorId: authorId(),
    content: text('content').notNull(),
    replyingToReplyId: uuid('replying_to_reply_id'),
    replyingToAuthorId: text('replying_to_author_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    replyingToContent: text('replying_to_content').notNull().default(''),
    likeCount: integer('like_count').notNull().default(0),
    ...edition,
    createdAt: createdAt(),
  },
  (t) => [
    index('status_replies_status_idx').on(t.statusId, t.createdAt, t.id),
    index('status_replies_author_idx').on(t.authorId),
  ],
);

// ---- likes: one table per target, primary key (target, user) ----

const likeTable = <N extends string>(name: N, target: () => AnyPgColumn) =>
  pgTable(
    name,
    {
      targetId: uuid('target_id').notNull().references(target, { onDelete: 'cascade' }),
      userId: userIdCascade('user_id'),
      createdAt: createdAt(),
    },
    (t) => [
      primaryKey({ columns: [t.targetId, t.userId] }),
      index(`${name}_user_idx`).on(t.userId, t.createdAt),
    ],
  );

export const postLikes = likeTable('post_likes', () => posts.id);
export const commentLikes = likeTable('comment_likes', () => comments.id);
export const commentReplyLikes = likeTable('comment_reply_likes', () => commentReplies.id);
export const statusUpdateLikes = likeTable('status_update_likes', () => statusUpdates.id);
export const statusReplyLikes = likeTable('status_update_reply_likes', () => statusReplies.id);

// ---- site counters ----

/** Totals kept in the same transaction as the rows they count: 'comments', 'statusUpdates'. */
export const siteCounters = pgTable('site_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

export type TagRow = typeof tags.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type PostVersionRow = typeof postVersions.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type CommentReplyRow = typeof commentReplies.$inferSelect;
export type StatusUpdateRow = typeof statusUpdates.$inferSelect;
export type StatusReplyRow = typeof statusReplies.$inferSelect;
