/**
 * Series and credits writes, each in one transaction. New credits record a `post.credited` event
 * per credited post; the dispatcher turns it into a `credit` notification for the source's author
 * (never for crediting oneself) and refreshes both posts' rooms.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  CreateSeriesInput,
  CreditKind,
  PlaceInSeriesInput,
  SetCreditsInput,
  UpdateSeriesInput,
} from '@atelier/shared';
import { creditInputSchema, createSeriesSchema, updateSeriesSchema } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import { postCredits, posts, series, seriesPosts, type UserRow } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordEvent } from '../../live/events.ts';
import { canSeePost } from '../posts/policy.ts';
import { postNotFound } from '../posts/service.ts';
import { checkCanRemove, checkCanSetCredits, checkSeriesAuthor } from './policy.ts';
import { seriesNotFound } from './queries.ts';

async function lockSeries(tx: Tx, id: string) {
  const [row] = await tx.select().from(series).where(eq(series.id, id)).for('update');
  if (!row) throw seriesNotFound();
  return row;
}

async function lockVisiblePost(tx: Tx, viewer: UserRow, id: string) {
  const [post] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
  if (!post || !canSeePost(viewer, post)) throw postNotFound();
  return post;
}

/** The pages of these posts show stale series or credits (their rooms refetch). */
const postsChanged = async (tx: Tx, viewer: UserRow, postIds: string[]) => {
  if (postIds.length === 0) return;
  await recordEvent(tx, { type: 'post.creditsChanged', actorId: viewer.id, data: { postIds } });
};

export async function createSeries(db: Db, viewer: UserRow, input: CreateSeriesInput) {
  const data = createSeriesSchema.parse(input);
  const [row] = await db
    .insert(series)
    .values({ authorId: viewer.id, title: data.title, description: data.description })
    .returning({ id: series.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateSeries(db: Db, viewer: UserRow, id: string, input: UpdateSeriesInput) {
  const data = updateSeriesSchema.parse(input);
  await db.transaction(async (tx) => {
    const row = await lockSeries(tx, id);
    checkSeriesAuthor(viewer, row);
    if (data.title === undefined && data.description === undefined) return;
    await tx
      .update(series)
      .set({
        ...(data.title !== undefined ? { title: data.title } : {}),
        ...(data.description !== undefined ? { description: data.description } : {}),
      })
      .where(eq(series.id, id));
  });
}

/** Deletes a series (its author or a moderator); its posts stay, in no series. */
export async function deleteSeries(db: Db, viewer: UserRow, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockSeries(tx, id);
    checkCanRemove(viewer, row.authorId);
    const chapters = await tx
      .select({ postId: seriesPosts.postId })
      .from(seriesPosts)
      .where(eq(seriesPosts.seriesId, id));
    await tx.delete(series).where(eq(series.id, id));
    await postsChanged(
      tx,
      viewer,
      chapters.map((c) => c.postId),
    );
  });
}

/**
 * Puts the viewer's post in the viewer's series at `position` (1-based, clamped; the end when
 * left out), moving it out of any other series. Positions are renumbered densely.
 */
export async function placeInSeries(
  db: Db,
  viewer: UserRow,
  postId: string,
  input: PlaceInSeriesInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const post = await lockVisiblePost(tx, viewer, postId);
    const target = await lockSeries(tx, input.seriesId).catch(() => {
      throw badRequest('errors.seriesNotFound', { seriesId: 'errors.seriesNotFound' });
    });
    checkSeriesAuthor(viewer, post);
    checkSeriesAuthor(viewer, target);
    const others = await tx
      .select({ postId: seriesPosts.postId })
      .from(seriesPosts)
      .where(eq(seriesPosts.seriesId, target.id))
      .orderBy(seriesPosts.position);
    const order = others.map((o) => o.postId).filter((id) => id !== postId);
    const at = Math.min(Math.max((input.position ?? order.length + 1) - 1, 0), order.length);
    order.splice(at, 0, postId);
    await tx
      .insert(seriesPosts)
      .values({ postId, seriesId: target.id, position: at + 1 })
      .onConflictDoUpdate({
        target: seriesPosts.postId,
        set: { seriesId: target.id, position: at + 1 },
      });
    await tx.execute(
      sql`update series_posts sp set position = x.n
          from unnest(${sql.param(order)}::uuid[]) with ordinality as x(id, n)
          where sp.post_id = x.id and sp.series_id = ${target.id}`,
    );
    await postsChanged(tx, viewer, order);
  });
}

/** Takes a post out of its series (its author or a moderator); nothing if it is in none. */
export async function removeFromSeries(db: Db, viewer: UserRow, postId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const post = await lockVisiblePost(tx, viewer, postId);
    checkCanRemove(viewer, post.authorId);
    const [place] = await tx
      .delete(seriesPosts)
      .where(eq(seriesPosts.postId, postId))
      .returning({ seriesId: seriesPosts.seriesId });
    if (!place) return;
    const rest = await tx
      .select({ postId: seriesPosts.postId })
      .from(seriesPosts)
      .where(eq(seriesPosts.seriesId, place.seriesId));
    await postsChanged(tx, viewer, [postId, ...rest.map((r) => r.postId)]);
  });
}

/**
 * Replaces a post's credits. Each source must be another post the viewer may open; a source
 * credited anew (or with another kind) notifies its author (`post.credited`).
 */
export async function setCredits(
  db: Db,
  viewer: UserRow,
  postId: string,
  input: SetCreditsInput,
): Promise<void> {
  const next = input.credits.map((c) => creditInputSchema.parse(c));
  const sourceIds = [...new Set(next.map((c) => c.postId))];
  if (sourceIds.length !== next.length)
    throw badRequest('errors.validation', { credits: 'errors.creditDuplicate' });
  if (sourceIds.includes(postId))
    throw badRequest('errors.validation', { credits: 'errors.creditSelf' });
  await db.transaction(async (tx) => {
    const post = await lockVisiblePost(tx, viewer, postId);
    const currentRows = await tx
      .select({ sourceId: postCredits.sourceId, kind: postCredits.kind })
      .from(postCredits)
      .where(eq(postCredits.postId, postId));
    const current = new Map<string, CreditKind>(currentRows.map((r) => [r.sourceId, r.kind]));
    checkCanSetCredits(viewer, post.authorId, current, next);

    const sources =
      sourceIds.length === 0
        ? []
        : await tx
            .select({
              id: posts.id,
              state: posts.state,
              authorId: posts.authorId,
              title: posts.title,
            })
            .from(posts)
            .where(inArray(posts.id, sourceIds));
    const byId = new Map(sources.map((s) => [s.id, s]));
    for (const id of sourceIds) {
      const source = byId.get(id);
      // Credits the viewer already holds stay valid even if the source was removed since.
      if (!current.has(id) && (!source || !canSeePost(viewer, source)))
        throw badRequest('errors.validation', { credits: 'errors.creditSourceNotFound' });
    }

    const removed = [...current.keys()].filter((id) => !sourceIds.includes(id));
    if (removed.length > 0)
      await tx
        .delete(postCredits)
        .where(and(eq(postCredits.postId, postId), inArray(postCredits.sourceId, removed)));
    const changed = next.filter((c) => current.get(c.postId) !== c.kind);
    for (const credit of changed) {
      await tx
        .insert(postCredits)
        .values({ postId, sourceId: credit.postId, kind: credit.kind })
        .onConflictDoUpdate({
          target: [postCredits.postId, postCredits.sourceId],
          set: { kind: credit.kind, createdAt: sql`now()` },
        });
      const source = byId.get(credit.postId);
      if (!source) continue;
      await recordEvent(tx, {
        type: 'post.credited',
        actorId: viewer.id,
        data: {
          recipientId: source.authorId,
          post: { postId, postAuthorId: post.authorId, title: post.title },
          sourceId: source.id,
          sourceTitle: source.title,
          kind: credit.kind,
        },
      });
    }
    if (removed.length > 0 || changed.length > 0)
      await postsChanged(tx, viewer, [postId, ...removed, ...changed.map((c) => c.postId)]);
  });
}
