/** Media rows: created unattached by an upload, attached by a post (posts/service.ts). */
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Media } from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { media, type MediaRow } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/storage/types.ts';
import { presentMedia } from './presenter.ts';
import { removeMediaFiles, storeUpload, streamToTemp, type StoredMedia } from './storage.ts';

/** Records stored files as the uploader's media; the files are removed if that fails. */
async function recordStored(
  db: Db,
  store: MediaStore,
  uploaderId: string,
  stored: StoredMedia,
): Promise<Media> {
  try {
    return presentMedia(await insertMedia(db, uploaderId, stored));
  } catch (err) {
    await removeMediaFiles(
      store,
      stored.thumbnailKey ? [stored.key, stored.thumbnailKey] : [stored.key],
    );
    throw err;
  }
}

/**
 * An upload streamed through the server: to a temp file, checked and stored (lib/storage), then
 * recorded unattached. `declaredBytes` is the request's length (the size of a truncated upload).
 */
export async function acceptUpload(
  db: Db,
  store: MediaStore,
  dataDir: string,
  uploaderId: string,
  file: Readable & { truncated?: boolean },
  declaredBytes: number,
): Promise<Media> {
  const upload = await streamToTemp(dataDir, file);
  try {
    return await recordStored(
      db,
      store,
      uploaderId,
      await storeUpload(store, dataDir, upload, declaredBytes),
    );
  } finally {
    await fsp.rm(upload.file, { force: true });
  }
}

/** A direct upload checked (direct.ts), recorded unattached. */
export const recordDirectUpload = recordStored;

export async function insertMedia(
  db: Db,
  uploaderId: string,
  stored: StoredMedia,
): Promise<MediaRow> {
  const [row] = await db
    .insert(media)
    .values({ uploaderId, ...stored })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Deletes the viewer's unattached upload; returns the keys of its files. */
export async function deleteUnattachedMedia(
  db: Db,
  viewerId: string,
  id: string,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
    if (!row) throw notFound('errors.mediaNotFound');
    if (row.uploaderId !== viewerId) throw forbidden('errors.notYourContent');
    if (row.postId !== null) throw conflict('errors.mediaAttached');
    await tx.delete(media).where(eq(media.id, id));
    return row.thumbnailKey ? [row.key, row.thumbnailKey] : [row.key];
  });
}

/** Removes uploads never attached to a post within a day; returns the keys of their files. */
export async function sweepUnattachedMedia(db: Db, now = new Date()): Promise<string[]> {
  const before = new Date(now.getTime() - 24 * 3600 * 1000);
  const rows = await db
    .delete(media)
    .where(and(isNull(media.postId), lt(media.createdAt, before)))
    .returning({ key: media.key, thumbnailKey: media.thumbnailKey });
  return rows.flatMap((r) => (r.thumbnailKey ? [r.key, r.thumbnailKey] : [r.key]));
}
