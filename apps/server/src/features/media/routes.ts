/**
 * Media: the handlers of `routes.media` (packages/shared/src/routes/media.ts). Uploads stream
 * through the server (multipart, one field "file"); with S3 storage a video may instead go straight
 * to the bucket (direct.ts): 404 errors.directUploadUnavailable without S3.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { limits, routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { mediaStoreFor } from '../../lib/storage/index.ts';
import { completeDirectUpload, directUploadUnavailable, startDirectUpload } from './direct.ts';
import {
  acceptUpload,
  deleteUnattachedMedia,
  recordDirectUpload,
  sweepUnattachedMedia,
} from './service.ts';
import { fileTooLarge, removeMediaFiles, unsupportedMedia } from './storage.ts';

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

  registerRoute(app, routes.media.upload, async ({ request, viewer }) => {
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
    return acceptUpload(db, store, dataDir, viewer.user.id, file.file, declared);
  });

  registerRoute(app, routes.media.remove, async ({ params, viewer }) => {
    await removeMediaFiles(store, await deleteUnattachedMedia(db, viewer.user.id, params.id));
  });

  registerRoute(app, routes.media.direct, ({ body, viewer }) => {
    if (store.kind !== 's3') throw directUploadUnavailable();
    return startDirectUpload(store, config.authSecret, viewer.user.id, body);
  });

  registerRoute(app, routes.media.directComplete, async ({ body, viewer }) => {
    if (store.kind !== 's3') throw directUploadUnavailable();
    const userId = viewer.user.id;
    const stored = await completeDirectUpload(
      store,
      dataDir,
      config.authSecret,
      userId,
      body.token,
    );
    return recordDirectUpload(db, store, userId, stored);
  });
}
