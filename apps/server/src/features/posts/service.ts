/**
 * Post writes, each in ONE transaction with every counter it moves (section, tags, author, site),
 * so counts never drift. Files of detached media are removed by the caller after commit.
 */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { limits, postingRight, type CreatePostInput, type UpdatePostInput } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  media,
  postCreations,
  postTags,
  postVersions,
  posts,
  sections,
  siteCounters,
  tags,
  user,
  type UserRow,
} from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { recordEvent } from '../../live/events.ts';
import { recordMentions } from '../notifications/mentions.ts';
import { resolveReportsOnAuthorDelete } from '../reports/on-delete.ts';
import { canSeePost, checkCanManage } from './policy.ts';

const unique = (ids: readonly string[]) => [...new Set(ids)];
const uuidArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

export const postNotFound = () => notFound('errors.postNotFound');

async function checkTags(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  if (found.length !== ids.length)
    throw badRequest('errors.tagNotFound', { tags: 'errors.tagNotFound' });
}

/** Locks the viewer's unattached uploads among `ids`; all must be found. */
async function checkOwnUnattachedMedia(tx: Tx, ids: string[], uploaderId: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(inArray(media.id, ids), eq(media.uploaderId, uploaderId), isNull(media.postId)))
    .for('update');
  if (found.length !== ids.length)
    throw badRequest('errors.mediaNotFound', { media: 'errors.mediaNotFound' });
}

/** Attaches media to a post with positions following the order of `ids`. */
async function attachMedia(tx: Tx, postId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update media set post_id = ${postId}, position = array_position(${uuidArray(ids)}, id) - 1 where id = any(${uuidArray(ids)})`,
  );
}

async function moveTagCounts(tx: Tx, ids: string[], delta: number): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update tags set post_count = greatest(post_count + ${delta}, 0) where id = any(${uuidArray(ids)})`,
  );
}

/** Creates a post; returns its id. */
export async function createPost(
  db: Db,
  viewer: UserRow,
  input: CreatePostInput,
  now = new Date(),
): Promise<string> {
  const tagIds = unique(input.tags);
  const mediaIds = unique(input.media);
  return db.transaction(async (tx) => {
    // The author's row is locked first: their posts are created one at a time, so the probation
    // count below cannot be raced.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, viewer.id)).for('update');
    const allSections = await tx
      .select({ slug: sections.slug, type: sections.type })
      .from(sections);
    const section = allSections.find((s) => s.slug === input.section);
    if (!section) throw badRequest('errors.sectionNotFound', { section: 'errors.sectionNotFound' });
    const right = postingRight(viewer.roles, section.type);
    if (right === 'no') throw forbidden('errors.cannotPostInSection');
    if (right === 'limited') {
      const limited = allSections
        .filter((s) => postingRight(viewer.roles, s.type) === 'limited')
        .map((s) => s.slug);
      const since = new Date(now.getTime() - 24 * 3600 * 1000);
      // Counted from post_creations, which keeps deleted posts: deleting and posting again
      // does not get around the limit.
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from post_creations where author_id = ${viewer.id} and section_slug = any(${sql.param(limited)}::text[]) and created_at > ${since.toISOString()}::timestamptz`,
      );
      if ((row?.n ?? 0) >= limits.probationPostsPerDay) throw forbidden('errors.probationLimit');
    }
    await checkTags(tx, tagIds);
    await checkOwnUnattachedMedia(tx, mediaIds, viewer.id);

    const [post] = await tx
      .insert(posts)
      .values({
        authorId: viewer.id,
        sectionSlug: section.slug,
        title: input.title,
        body: input.body,
        provenance: input.provenance,
        tools: input.tools,
        tagIds,
        createdAt: now,
      })
      .returning({ id: posts.id });
    if (!post) throw new Error('insert returned no row');
    await tx
      .delete(postCreations)
      .where(
        and(
          eq(postCreations.authorId, viewer.id),
          lt(postCreations.createdAt, new Date(now.getTime() - 48 * 3600 * 1000)),
        ),
      );
    await tx
      .insert(postCreations)
      .values({ authorId: viewer.id, sectionSlug: section.slug, createdAt: now });
    if (tagIds.length > 0) {
      await tx.insert(postTags).values(
        tagIds.map((tagId) => ({
          postId: post.id,
          tagId,
          sectionSlug: section.slug,
          createdAt: now,
        })),
      );
    }
    await attachMedia(tx, post.id, mediaIds);
    await tx
      .update(sections)
      .set({ postCount: sql`${sections.postCount} + 1` })
      .where(eq(sections.slug, section.slug));
    await moveTagCounts(tx, tagIds, 1);
    await tx
      .update(user)
      .set({ postCount: sql`${user.postCount} + 1` })
      .where(eq(user.id, viewer.id));
    await recordEvent(tx, {
      type: 'post.created',
      actorId: viewer.id,
      data: { postId: post.id, sectionSlug: section.slug, tagIds },
    });
    await recordMentions(tx, {
      authorId: viewer.id,
      body: input.body,
      target: 'post',
      post: { postId: post.id, postAuthorId: viewer.id, title: input.title },
    });
    return post.id;
  });
}

/** Edits a post; returns the storage keys of media it no longer uses (remove them after commit). */
export async function updatePost(
  db: Db,
  viewer: UserRow,
  postId: string,
  input: UpdatePostInput,
  now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
    if (!post || !canSeePost(viewer, post)) throw postNotFound();
    checkCanManage(viewer, post.authorId);
    // Nothing sent, nothing edited (no "edited" marker).
    if (Object.values(input).every((v) => v === undefined)) return [];

    const patch: Partial<typeof posts.$inferInsert> = {
      editionCount: post.editionCount + 1,
      editionAt: now,
    };
    if (input.title !== undefined) patch.title = input.title;
    if (input.body !== undefined) patch.body = input.body;
    if (input.provenance !== undefined) patch.provenance = input.provenance;
    if (input.tools !== undefined) patch.tools = input.tools;

    if (input.tags !== undefined) {
      const next = unique(input.tags);
      await checkTags(tx, next);
      const added = next.filter((id) => !post.tagIds.includes(id));
      const removed = post.tagIds.filter((id) => !next.includes(id));
      if (removed.length > 0)
        await tx
          .delete(postTags)
          .where(and(eq(postTags.postId, post.id), inArray(postTags.tagId, removed)));
      if (added.length > 0) {
        // created_at copied exactly (microseconds) from the post: lists by tag page on it.
        await tx.execute(
          sql`insert into post_tags (post_id, tag_id, section_slug, created_at)
              select id, unnest(${uuidArray(added)}), section_slug, created_at from posts where id = ${post.id}`,
        );
      }
      await moveTagCounts(tx, added, 1);
      await moveTagCounts(tx, removed, -1);
      patch.tagIds = next;
    }

    let detachedKeys: string[] = [];
    if (input.media !== undefined) {
      const next = unique(input.media);
      const current = await tx
        .select({ id: media.id, key: media.key, thumbnailKey: media.thumbnailKey })
        .from(media)
        .where(eq(media.postId, post.id))
        .for('update');
      const currentIds = new Set(current.map((m) => m.id));
      await checkOwnUnattachedMedia(
        tx,
        next.filter((id) => !currentIds.has(id)),
        viewer.id,
      );
      const detached = current.filter((m) => !next.includes(m.id));
      if (detached.length > 0) {
        await tx.delete(media).where(
          inArray(
            media.id,
            detached.map((m) => m.id),
          ),
        );
      }
      detachedKeys = detached.flatMap((m) => (m.thumbnailKey ? [m.key, m.thumbnailKey] : [m.key]));
      await attachMedia(tx, post.id, next);
    }

    // The version this edit replaces is kept, in the same transaction (the post's history).
    await tx.insert(postVersions).values({
      postId: post.id,
      number: post.editionCount,
      title: post.title,
      body: post.body,
      tagIds: post.tagIds,
      writtenAt: post.editionAt ?? post.createdAt,
      replacedAt: now,
      editedById: viewer.id,
    });
    await tx.update(posts).set(patch).where(eq(posts.id, post.id));
    await recordEvent(tx, {
      type: 'post.updated',
      actorId: viewer.id,
      data: { postId: post.id, tagsChanged: input.tags !== undefined },
    });
    // Mentions the edit added notify (the post's author mentions them, whoever edits).
    if (input.body !== undefined && post.state === 'published') {
      await recordMentions(tx, {
        authorId: post.authorId,
        body: input.body,
        previousBody: post.body,
        target: 'post',
        post: { postId: post.id, postAuthorId: post.authorId, title: input.title ?? post.title },
      });
    }
    return detachedKeys;
  });
}

/**
 * Deletes a post and everything under it (cascade), moving back every counter it contributed to:
 * section, tags, author's posts, site comments, and the likes received by the authors of the
 * post, its comments and their replies. Returns the storage keys of its media.
 */
export async function deletePost(db: Db, viewer: UserRow, postId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
    if (!post || !canSeePost(viewer, post)) throw postNotFound();
    checkCanManage(viewer, post.authorId);

    const files = await tx
      .select({ key: media.key, thumbnailKey: media.thumbnailKey })
      .from(media)
      .where(eq(media.postId, post.id));
    // Per author: likes received on the post's comments and replies, and their live comments.
    const byAuthor = await queryRows<{ author_id: string; likes: number; live: number }>(
      tx,
      sql`select author_id, sum(likes)::int as likes, sum(live)::int as live from (
            select author_id, like_count as likes, case when deleted_at is null then 1 else 0 end as live
              from comments where post_id = ${post.id}
            union all
            select author_id, like_count as likes, 1 as live from comment_replies where post_id = ${post.id}
          ) x group by author_id`,
    );

    await resolveReportsOnAuthorDelete(tx, viewer.id, {
      type: 'post',
      id: post.id,
      authorId: post.authorId,
      data: { title: post.title },
    });
    await tx.delete(posts).where(eq(posts.id, post.id));

    await tx
      .update(sections)
      .set({ postCount: sql`greatest(${sections.postCount} - 1, 0)` })
      .where(eq(sections.slug, post.sectionSlug));
    await moveTagCounts(tx, post.tagIds, -1);
    await tx
      .update(user)
      .set({
        postCount: sql`greatest(${user.postCount} - 1, 0)`,
        postLikeCount: sql`greatest(${user.postLikeCount} - ${post.likeCount}, 0)`,
      })
      .where(eq(user.id, post.authorId));
    for (const a of byAuthor) {
      if (a.likes === 0 && a.live === 0) continue;
      await tx
        .update(user)
        .set({
          commentLikeCount: sql`greatest(${user.commentLikeCount} - ${a.likes}, 0)`,
          commentCount: sql`greatest(${user.commentCount} - ${a.live}, 0)`,
        })
        .where(eq(user.id, a.author_id));
    }
    if (post.commentCount > 0) {
      await tx
        .update(siteCounters)
        .set({ value: sql`greatest(${siteCounters.value} - ${post.commentCount}, 0)` })
        .where(eq(siteCounters.name, 'comments'));
    }
    await recordEvent(tx, {
      type: 'post.deleted',
      actorId: viewer.id,
      data: { postId: post.id, tagIds: post.tagIds },
    });
    return files.flatMap((m) => (m.thumbnailKey ? [m.key, m.thumbnailKey] : [m.key]));
  });
}

/** Counts one view per viewer per UTC day; returns the post's view count. */
export async function recordView(db: Db, viewer: UserRow, postId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ state: posts.state, authorId: posts.authorId, viewCount: posts.viewCount })
      .from(posts)
      .where(eq(posts.id, postId));
    if (!post || !canSeePost(viewer, post)) throw postNotFound();
    const inserted = await queryRows(
      tx,
      sql`insert into post_views (post_id, viewer_id, day) values (${postId}, ${viewer.id}, (now() at time zone 'UTC')::date)
          on conflict do nothing returning post_id`,
    );
    if (inserted.length === 0) return post.viewCount;
    const [updated] = await tx
      .update(posts)
      .set({ viewCount: sql`${posts.viewCount} + 1` })
      .where(eq(posts.id, postId))
      .returning({ viewCount: posts.viewCount });
    return updated?.viewCount ?? post.viewCount;
  });
}
