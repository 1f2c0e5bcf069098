/**
 * POST /api/media (multipart, one field "file") → Media, not attached yet;
 * DELETE /api/media/:id → 204 (own and unattached only). Users with access.
 */
import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { limits } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { presentMedia } from './presenter.ts';
import { deleteUnattachedMedia, insertMedia, sweepUnattachedMedia } from './service.ts';
import {
  fileTooLarge,
  removeMediaFiles,
  storeUpload,
  streamToTemp,
  unsupportedMedia,
} from './storage.ts';

/** Uploads per user in a window: enough for a few posts of ten files in a row, not a flood. */
export const UPLOADS_PER_WINDOW = 40;
const WINDOW_MS = 10 * 60 * 1000;

export function uploadLimiter(max: number, windowMs: number) {
  const hits = new Map<string, number[]>();
  return (userId: string, now = Date.now()) => {
    const recent = (hits.get(userId) ?? []).filter((t) => t > now - windowMs);
    if (recent.length >= max) throw new AppError(429, 'errors.rateLimited');
    recent.push(now);
    hits.set(userId, recent);
    if (hits.size > 10_000) hits.clear();
  };
}

const mediaId = (params: unknown) => {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw notFound('errors.mediaNotFound');
  return parsed.data.id;
};

export async function mediaRoutes(app: FastifyInstance) {
  const { database, config } = app.deps;
  const db = database.db;
  const dataDir = config.DATA_DIR;
  // Just above the video limit: anything larger stops streaming there and is refused.
  await app.register(multipart, {
    limits: { fileSize: limits.videoUploadBytes + 1, files: 1, fields: 5, parts: 6 },
  });
  const hit = uploadLimiter(UPLOADS_PER_WINDOW, WINDOW_MS);

  app.addHook('onReady', async () => {
    try {
      await removeMediaFiles(dataDir, await sweepUnattachedMedia(db));
    } catch (err) {
      app.log.warn({ err }, 'sweeping unattached media failed');
    }
  });

  app.post('/api/media', { preHandler: requireAccess('member') }, async (request, reply) => {
    const viewer = viewerOf(request).user;
    hit(viewer.id);
    const declared = Number(request.headers['content-length'] ?? 0) || 0;
    let file;
    try {
      file = await request.file();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fileTooLarge(declared, limits.videoUploadBytes);
      throw unsupportedMedia();
    }
    if (!file || file.fieldname !== 'file') throw unsupportedMedia();
    const upload = await streamToTemp(dataDir, file.file);
    try {
      const stored = await storeUpload(dataDir, upload, declared);
      try {
        const row = await insertMedia(db, viewer.id, stored);
        return await reply.status(201).send(presentMedia(row));
      } catch (err) {
        await removeMediaFiles(
          dataDir,
          stored.thumbnailKey ? [stored.key, stored.thumbnailKey] : [stored.key],
        );
        throw err;
      }
    } finally {
      await fsp.rm(upload.file, { force: true });
    }
  });

  app.delete('/api/media/:id', { preHandler: requireAccess('member') }, async (request, reply) => {
    const keys = await deleteUnattachedMedia(
      db,
      viewerOf(request).user.id,
      mediaId(request.params),
    );
    await removeMediaFiles(dataDir, keys);
    return reply.status(204).send();
  });
}
