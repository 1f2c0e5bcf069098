/**
 * Tags: everyone with access reads them all; advanced creators and moderators create; moderators
 * edit and delete. English labels are unique case-insensitively (checked under a transaction
 * lock, so two concurrent creations cannot both pass).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { canCreateTags, isModerator, type TagInput, type TagLabels } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import { tags, type TagRow, type UserRow } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recordEvent } from '../../live/events.ts';
import { writeModLog } from '../modlog/service.ts';

/** Transaction lock key for tag label uniqueness. */
const TAG_LOCK = 7_236_152;

export const tagNotFound = () => notFound('errors.tagNotFound');

export async function listTags(db: Tx): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .orderBy(asc(sql`lower(${tags.labels} ->> 'en')`), asc(tags.id));
}

/** Drops empty optional labels: { en, ko?, fr?, es? }. */
function cleanLabels(labels: TagLabels): TagLabels {
  const out: TagLabels = { en: labels.en };
  for (const lng of ['ko', 'fr', 'es'] as const) {
    const value = labels[lng]?.trim();
    if (value) out[lng] = value;
  }
  return out;
}

async function checkUniqueLabel(tx: Tx, en: string, exceptId?: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TAG_LOCK})`);
  const same = sql`lower(${tags.labels} ->> 'en') = lower(${en})`;
  const [other] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(exceptId ? and(same, ne(tags.id, exceptId)) : same);
  if (other) throw conflict('errors.tagExists', { 'labels.en': 'errors.tagExists' });
}

const invalidParents = () => badRequest('errors.validation', { parents: 'errors.invalid' });

/** Parents must exist, and a tag may not be its own ancestor (no cycles). */
async function checkParents(tx: Tx, parents: string[], selfId?: string): Promise<void> {
  if (selfId && parents.includes(selfId)) throw invalidParents();
  if (parents.length === 0) return;
  const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, parents));
  if (found.length !== parents.length)
    throw badRequest('errors.tagNotFound', { parents: 'errors.tagNotFound' });
  if (!selfId) return;
  // A handful of tags: walk the ancestors in memory.
  const all = await tx.select({ id: tags.id, parents: tags.parents }).from(tags);
  const parentsOf = new Map(all.map((t) => [t.id, t.parents]));
  const seen = new Set<string>();
  const stack = [...parents];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (id === selfId) throw invalidParents();
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(parentsOf.get(id) ?? []));
  }
}

export async function createTag(db: Db, viewer: UserRow, input: TagInput): Promise<TagRow> {
  if (!canCreateTags(viewer.roles)) throw forbidden('errors.cannotCreateTags');
  const parents = [...new Set(input.parents)];
  return db.transaction(async (tx) => {
    await checkUniqueLabel(tx, input.labels.en);
    await checkParents(tx, parents);
    const [row] = await tx
      .insert(tags)
      .values({
        labels: cleanLabels(input.labels),
        type: input.type,
        parents,
        createdById: viewer.id,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordEvent(tx, { type: 'tag.created', actorId: viewer.id, data: { tagId: row.id } });
    // Moderators' creations are moderator actions; advanced creators' are not logged.
    if (isModerator(viewer.roles)) {
      await writeModLog(tx, {
        moderatorId: viewer.id,
        action: 'tagCreated',
        targetType: 'tag',
        targetId: row.id,
        data: { labels: row.labels, type: row.type, parents: row.parents },
      });
    }
    return row;
  });
}

export async function updateTag(
  db: Db,
  id: string,
  input: Partial<TagInput>,
  moderatorId: string,
): Promise<TagRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (!row) throw tagNotFound();
    const patch: Partial<typeof tags.$inferInsert> = {};
    if (input.labels !== undefined) {
      await checkUniqueLabel(tx, input.labels.en, id);
      patch.labels = cleanLabels(input.labels);
    }
    if (input.type !== undefined) patch.type = input.type;
    if (input.parents !== undefined) {
      const parents = [...new Set(input.parents)];
      await checkParents(tx, parents, id);
      patch.parents = parents;
    }
    if (Object.keys(patch).length === 0) return row;
    const [updated] = await tx.update(tags).set(patch).where(eq(tags.id, id)).returning();
    await recordModeratorChange(tx, moderatorId, id, 'updated', {
      old: { labels: row.labels, type: row.type, parents: row.parents },
      changes: patch,
    });
    return updated ?? row;
  });
}

/** A moderator's update or deletion of tag `id`: its live event and its mod-log row. */
async function recordModeratorChange(
  tx: Tx,
  moderatorId: string,
  id: string,
  change: 'updated' | 'deleted',
  data: Record<string, unknown>,
): Promise<void> {
  await recordEvent(tx, { type: `tag.${change}`, actorId: moderatorId, data: { tagId: id } });
  await writeModLog(tx, {
    moderatorId,
    action: change === 'updated' ? 'tagUpdated' : 'tagDeleted',
    targetType: 'tag',
    targetId: id,
    data,
  });
}

/** Deletes a tag and removes its id from posts and from other tags' parents. */
export async function deleteTag(db: Db, id: string, moderatorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (!row) throw tagNotFound();
    await tx.execute(
      sql`update posts set tag_ids = array_remove(tag_ids, ${id}::uuid)
          where id in (select post_id from post_tags where tag_id = ${id})`,
    );
    await tx.execute(
      sql`update tags set parents = array_remove(parents, ${id}::uuid) where ${id}::uuid = any(parents)`,
    );
    await tx.delete(tags).where(eq(tags.id, id));
    await recordModeratorChange(tx, moderatorId, id, 'deleted', {
      labels: row.labels,
      type: row.type,
      parents: row.parents,
    });
  });
}
