/**
 * Direct uploads of large videos to the bucket (S3 only): POST /api/media/direct answers a
 * presigned PUT URL for a fresh `uploads/<uuid>` key plus a signed token naming the user, the key,
 * the declared size and type. POST /api/media/direct/complete checks the object (size from HEAD,
 * real type from its first bytes with a ranged GET), then copies it through the same checks as a
 * normal upload (container metadata stripped, structure walked) into posts/…; whatever happens,
 * the `uploads/` object is deleted afterwards. Objects never completed are left to the bucket's
 * lifecycle rule on `uploads/` (docs/operations.md).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { limits, type DirectUpload, type DirectUploadRequest } from '@atelier/shared';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/storage/index.ts';
import {
  fileTooLarge,
  sniffVideo,
  storeUpload,
  tempDir,
  unsupportedMedia,
  type StoredMedia,
} from './storage.ts';

/** How long a presigned URL (and its token) stays valid. */
export const DIRECT_UPLOAD_TTL_SECONDS = 15 * 60;

export const directUploadUnavailable = () =>
  new AppError(404, 'errors.directUploadUnavailable', 'errors.directUploadUnavailable');
export const directUploadInvalid = () =>
  new AppError(400, 'errors.directUploadInvalid', 'errors.directUploadInvalid', {
    token: 'errors.directUploadInvalid',
  });

const claimSchema = z.object({
  u: z.string(),
  k: z.string().regex(/^uploads\/[0-9a-f-]{36}$/),
  b: z.number().int().min(1),
  m: z.string(),
  e: z.number().int(),
});
type Claim = z.infer<typeof claimSchema>;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `media-direct-upload:${secret}`).update(payload).digest('base64url');

export function makeToken(secret: string, claim: Claim): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function readToken(secret: string, token: string, now = Date.now()): Claim {
  const [payload = '', mac = ''] = token.split('.');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw directUploadInvalid();
  let claim: Claim;
  try {
    claim = claimSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw directUploadInvalid();
  }
  if (claim.e * 1000 < now) throw directUploadInvalid();
  return claim;
}

export async function startDirectUpload(
  store: MediaStore,
  secret: string,
  userId: string,
  input: DirectUploadRequest,
): Promise<DirectUpload> {
  const key = `uploads/${randomUUID()}`;
  const url = await store.presignPut(key, input.mime, input.bytes, DIRECT_UPLOAD_TTL_SECONDS);
  if (!url) throw directUploadUnavailable();
  const e = Math.floor(Date.now() / 1000) + DIRECT_UPLOAD_TTL_SECONDS;
  return {
    url,
    headers: { 'content-type': input.mime },
    token: makeToken(secret, { u: userId, k: key, b: input.bytes, m: input.mime, e }),
  };
}

/** Checks the uploaded object and stores it as a post video; the uploads/ object is removed. */
export async function completeDirectUpload(
  store: MediaStore,
  dataDir: string,
  secret: string,
  userId: string,
  token: string,
): Promise<StoredMedia> {
  const claim = readToken(secret, token);
  if (claim.u !== userId) throw forbidden('errors.notYourContent');
  try {
    const head = await store.head(claim.k);
    if (!head) throw directUploadInvalid();
    // Cheap checks first, from the bucket: the size, then the real type from the first bytes.
    if (head.size > limits.videoUploadBytes) throw fileTooLarge(head.size, limits.videoUploadBytes);
    if (head.size === 0) throw unsupportedMedia();
    if (!sniffVideo(await store.readRange(claim.k, 0, 15))) throw unsupportedMedia();
    // The same checks and metadata stripping as a normal upload, on a local copy.
    await fsp.mkdir(tempDir(dataDir), { recursive: true });
    const file = path.join(tempDir(dataDir), `${randomUUID()}.upload`);
    try {
      await store.download(claim.k, file);
      const bytes = (await fsp.stat(file)).size;
      const stored = await storeUpload(store, dataDir, { file, bytes, truncated: false }, bytes);
      if (stored.kind !== 'video') {
        await store.delete([stored.key, ...(stored.thumbnailKey ? [stored.thumbnailKey] : [])]);
        throw unsupportedMedia();
      }
      return stored;
    } finally {
      await fsp.rm(file, { force: true });
    }
  } finally {
    await store.delete([claim.k]);
  }
}
