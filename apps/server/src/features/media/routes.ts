/**
 * POST /api/media (multipart, one field "file") → Media, not attached yet;
 * DELETE /api/media/:id → 204 (own and unattached only);
 * POST /api/media/direct {mime, bytes} → presigned PUT for a video straight to the bucket (404
 * errors.directUploadUnavailable without S3), POST /api/media/direct/complete {token} → Media
 * (direct.ts). Users with access.
 */
import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { directUploadCompleteSchema, directUploadRequestSchema, limits } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { notFound } from '../../lib/errors.ts';
import { limitPerUser } from '../../lib/rate-limit.ts';
import { mediaStoreFor } from '../../lib/storage/index.ts';
import { completeDirectUpload, directUploadUnavailable, startDirectUpload } from './direct.ts';
import { presentMedia } from './presenter.ts';
import { deleteUnattachedMedia, insertMedia, sweepUnattachedMedia } from './service.ts';
import {
  fileTooLarge,
  removeMediaFiles,
  storeUpload,
  streamToTemp,
  unsupportedMedia,
} from './storage.ts';

const mediaId = (params: unknown) => {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw notFound('errors.mediaNotFound');
  return parsed.data.id;
};

export async function mediaRoutes(app: FastifyInstance) {
  const { database, config } = app.deps;
  const db = database.db;
  const dataDir = config.DATA_DIR;
  const store = mediaStoreFor(config);
  // Just above the video limit: anything larger stops streaming there and is refused.
  await app.register(multipart, {
    limits: { fileSize: limits.videoUploadBytes + 1, files: 1, fields: 5, parts: 6 },
  });

  app.addHook('onReady', async () => {
    try {
      await removeMediaFiles(store, await sweepUnattachedMedia(db));
    } catch (err) {
      app.log.warn({ err }, 'sweeping unattached media failed');
    }
  });

  // Uploads per user: the `upload` rate-limit class (lib/rate-limit.ts).
  app.post(
    '/api/media',
    { preHandler: [requireAccess('member'), limitPerUser('upload')] },
    async (request, reply) => {
      const viewer = viewerOf(request).user;
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
        const stored = await storeUpload(store, dataDir, upload, declared);
        try {
          const row = await insertMedia(db, viewer.id, stored);
          return await reply.status(201).send(presentMedia(row));
        } catch (err) {
          await removeMediaFiles(
            store,
            stored.thumbnailKey ? [stored.key, stored.thumbnailKey] : [stored.key],
          );
          throw err;
        }
      } finally {
        await fsp.rm(upload.file, { force: true });
      }
    },
  );

  app.delete('/api/media/:id', { preHandler: requireAccess('member') }, async (request, reply) => {
    const keys = await deleteUnattachedMedia(
      db,
      viewerOf(request).user.id,
      mediaId(request.params),
    );
    await removeMediaFiles(store, keys);
    return reply.status(204).send();
  });

  // Same access and rate-limit class as POST /api/media: one request per upload.
  app.post(
    '/api/media/direct',
    { preHandler: [requireAccess('member'), limitPerUser('upload')] },
    async (request, reply) => {
      if (store.kind !== 's3') throw directUploadUnavailable();
      const input = directUploadRequestSchema.parse(request.body ?? {});
      const viewer = viewerOf(request).user;
      return reply
        .status(201)
        .send(await startDirectUpload(store, config.authSecret, viewer.id, input));
    },
  );

  app.post(
    '/api/media/direct/complete',
    { preHandler: requireAccess('member') },
    async (request, reply) => {
      if (store.kind !== 's3') throw directUploadUnavailable();
      const { token } = directUploadCompleteSchema.parse(request.body ?? {});
      const viewer = viewerOf(request).user;
      const stored = await completeDirectUpload(
        store,
        dataDir,
        config.authSecret,
        viewer.id,
        token,
      );
      try {
        const row = await insertMedia(db, viewer.id, stored);
        return await reply.status(201).send(presentMedia(row));
      } catch (err) {
        await removeMediaFiles(store, [stored.key]);
        throw err;
      }
    },
  );
}
