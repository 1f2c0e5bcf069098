/**
 * Avatars: the upload is recognised by its content (png, jpeg, webp or gif, whatever its name or
 * declared type), re-encoded to a 256×256 webp without metadata, and put in the media store
 * (lib/storage: DATA_DIR/media or an S3 bucket) under avatars/, served under /media/avatars.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { loadSharp } from '../../lib/sharp.ts';
import { limits } from '@atelier/shared';
import { AppError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/storage/index.ts';
import { checkPixels } from '../media/storage.ts';

export const AVATAR_SIZE = 256;
export const AVATAR_URL_PREFIX = '/media/avatars/';
const accepted = new Set(['png', 'jpeg', 'webp', 'gif']);

export const notAnImage = () =>
  new AppError(400, 'errors.notAnImage', 'errors.notAnImage', { file: 'errors.notAnImage' });

const fileTooLarge = () =>
  new AppError(413, 'errors.fileTooLarge', 'errors.fileTooLarge', { file: 'errors.fileTooLarge' });

/**
 * The uploaded file of a multipart request (one field "file"), in memory: 413 errors.fileTooLarge
 * beyond the multipart limit (limits.uploadBytes), 400 errors.notAnImage without such a field.
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
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

export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !accepted.has(meta.format)) throw notAnImage();
  // Refused from the header, before any pixel is decoded.
  checkPixels(meta);
  try {
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked to.
    return await sharp(input, { limitInputPixels: limits.imageMaxPixels })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

/** Writes the image and returns its public path. */
export async function writeAvatar(store: MediaStore, image: Buffer): Promise<string> {
  const name = `${randomUUID()}.webp`;
  await store.putBuffer(`avatars/${name}`, image, 'image/webp');
  return AVATAR_URL_PREFIX + name;
}

/** Removes a file written by writeAvatar; ignores anything else. */
export async function removeAvatar(store: MediaStore, avatarPath: string | null): Promise<void> {
  if (!avatarPath?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = path.posix.basename(avatarPath);
  if (!/^[0-9a-f-]{36}\.webp$/.test(name)) return;
  await store.delete([`avatars/${name}`]);
}
