/**
 * The signed-in user's own account: GET/PATCH /api/me, POST/DELETE /api/me/avatar; and the session
 * probe GET /api/session (`routes.session.current`: the same user, or null, never 401).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountUpdateSchema, limits, routes } from '@atelier/shared';
import { loadViewer, requireAccess, viewerOf } from '../../auth/access.ts';
import { AppError } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/routes.ts';
import { notAnImage, removeAvatar, toAvatarWebp, writeAvatar } from './avatar.ts';
import { mediaStoreFor } from '../../lib/storage/index.ts';
import { presentCurrentUser } from './presenter.ts';
import { getUser, setAvatarPath, updateAccount } from './service.ts';

const fileTooLarge = () =>
  new AppError(413, 'errors.fileTooLarge', 'errors.fileTooLarge', { file: 'errors.fileTooLarge' });

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  let file;
  try {
    file = await request.file();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw notAnImage();
  }
  if (!file || file.fieldname !== 'file') throw notAnImage();
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw err;
  }
}

export async function userRoutes(app: FastifyInstance) {
  const { database, config } = app.deps;
  const db = database.db;
  await app.register(multipart, {
    limits: { fileSize: limits.uploadBytes, files: 1, fields: 5, parts: 6 },
  });

  const signedInEvenBanned = requireAccess('signedIn', { allowBanned: true });

  app.get('/api/me', { preHandler: signedInEvenBanned }, async (request) => {
    return presentCurrentUser(await getUser(db, viewerOf(request).user.id));
  });

  // Signed out is an answer here, not an error: the web app asks on every page load.
  registerRoute(app, routes.session.current, async ({ request, reply }) => {
    const viewer = await loadViewer(request, reply);
    return { user: viewer ? presentCurrentUser(await getUser(db, viewer.user.id)) : null };
  });

  app.patch('/api/me', { preHandler: signedInEvenBanned }, async (request) => {
    const input = accountUpdateSchema.parse(request.body ?? {});
    return presentCurrentUser(await updateAccount(db, viewerOf(request).user.id, input));
  });

  app.post('/api/me/avatar', { preHandler: requireAccess('signedIn') }, async (request) => {
    const image = await toAvatarWebp(await readUpload(request));
    const avatarPath = await writeAvatar(mediaStoreFor(config), image);
    let result;
    try {
      result = await setAvatarPath(db, viewerOf(request).user.id, avatarPath);
    } catch (err) {
      await removeAvatar(mediaStoreFor(config), avatarPath);
      throw err;
    }
    await removeAvatar(mediaStoreFor(config), result.previous);
    return presentCurrentUser(result.row);
  });

  app.delete('/api/me/avatar', { preHandler: requireAccess('signedIn') }, async (request) => {
    const { row, previous } = await setAvatarPath(db, viewerOf(request).user.id, null);
    await removeAvatar(mediaStoreFor(config), previous);
    return presentCurrentUser(row);
  });
}
