/**
 * Post media files: an upload is streamed to a temp file (never buffered), recognised by its
 * CONTENT (sharp for png/jpeg/webp/gif; magic bytes for mp4/mov and webm), checked against the
 * size limit of its kind before any decoding, then put in the media store (lib/storage: the
 * DATA_DIR/media folder or an S3 bucket) under posts/… (served at /media/posts/…). Images are re-encoded to webp (EXIF orientation applied, metadata stripped,
 * at most 4096 px a side) with a 480 px wide webp thumbnail; images above limits.imageMaxPixels
 * are refused from their header, before decoding. Videos are stored without their container
 * metadata (video-metadata.ts), their media data untouched.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Metadata, OutputInfo } from 'sharp';
import { loadSharp } from '../../lib/sharp.ts';
import { bytesToMb, limits, type MediaKind } from '@atelier/shared';
import { AppError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/storage/index.ts';
import { stripVideoMetadata, VideoStructureError } from './video-metadata.ts';

export const MAX_IMAGE_SIDE = 4096;
export const THUMBNAIL_WIDTH = 480;
const acceptedImages = new Set(['png', 'jpeg', 'webp', 'gif']);

export const unsupportedMedia = () =>
  new AppError(400, 'errors.unsupportedMedia', 'errors.unsupportedMedia', {
    file: 'errors.unsupportedMedia',
  });

export function fileTooLarge(bytes: number, maxBytes: number): AppError {
  const sizeMb = bytesToMb(bytes);
  const maxMb = bytesToMb(maxBytes);
  return new AppError(
    413,
    'errors.fileTooLarge',
    // Its message (lib/error-messages.ts): "The file is 26.00 MB; the limit … is 25.00 MB."
    'errors.fileTooLargeSize',
    {
      file: 'errors.fileTooLarge',
      sizeMb: sizeMb.toFixed(2),
      maxMb: maxMb.toFixed(2),
    },
  );
}

/** 413 for an image of more than limits.imageMaxPixels pixels (read from its header). */
export function tooManyPixels(): AppError {
  const maxMegapixels = String(Math.round(limits.imageMaxPixels / 1_000_000));
  return new AppError(
    413,
    'errors.imageTooManyPixels',
    `The image has more than ${maxMegapixels} megapixels.`,
    {
      file: 'errors.imageTooManyPixels',
      maxMegapixels,
    },
  );
}

/**
 * Refuses an image above the pixel limit from its metadata, which sharp reads from the header
 * without decoding pixels. Every later sharp() also carries `limitInputPixels`.
 */
export function checkPixels(meta: Pick<Metadata, 'width' | 'height' | 'pageHeight'>): void {
  const height = meta.pageHeight ?? meta.height ?? 0;
  if ((meta.width ?? 0) * height > limits.imageMaxPixels) throw tooManyPixels();
}

export const tempDir = (dataDir: string) => path.join(dataDir, 'tmp');
/** The local media folder (the default store; backups copy it). */
export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');

export interface StoredMedia {
  kind: MediaKind;
  key: string;
  thumbnailKey: string | null;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
}

export interface TempUpload {
  file: string;
  bytes: number;
  /** Set when the stream stopped at the multipart limit (the real size is at least `bytes`). */
  truncated: boolean;
}

/** Streams an upload to a temp file in DATA_DIR/tmp. */
export async function streamToTemp(
  dataDir: string,
  stream: Readable & { truncated?: boolean },
): Promise<TempUpload> {
  await fsp.mkdir(tempDir(dataDir), { recursive: true });
  const file = path.join(tempDir(dataDir), `${randomUUID()}.upload`);
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  try {
    await pipeline(stream, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      return { file, bytes, truncated: true };
    await fsp.rm(file, { force: true });
    throw err;
  }
  return { file, bytes, truncated: stream.truncated === true };
}

/** Video containers recognised by magic bytes: ISO BMFF (mp4/mov) and Matroska/WebM. */
export function sniffVideo(head: Buffer): { mime: string; ext: string } | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    return brand === 'qt  '
      ? { mime: 'video/quicktime', ext: 'mov' }
      : { mime: 'video/mp4', ext: 'mp4' };
  }
  if (
    head.length >= 4 &&
    head[0] === 0x1a &&
    head[1] === 0x45 &&
    head[2] === 0xdf &&
    head[3] === 0xa3
  ) {
    return { mime: 'video/webm', ext: 'webm' };
  }
  return null;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks and stores a temp upload (which the caller removes afterwards). `declaredBytes` is the
 * best known size of a truncated upload (the request's length).
 */
export async function storeUpload(
  store: MediaStore,
  dataDir: string,
  upload: TempUpload,
  declaredBytes: number,
): Promise<StoredMedia> {
  const size = upload.truncated ? Math.max(upload.bytes, declaredBytes) : upload.bytes;
  const video = sniffVideo(await readHead(upload.file));
  const max = video ? limits.videoUploadBytes : limits.uploadBytes;
  // The size is decided before anything is decoded.
  if (upload.truncated || size > max) throw fileTooLarge(size, max);
  if (size === 0) throw unsupportedMedia();

  const id = randomUUID();

  if (video) {
    // GPS, creation dates and titles go; a file whose structure cannot be walked is refused.
    try {
      await stripVideoMetadata(upload.file, video.ext === 'webm' ? 'ebml' : 'bmff');
    } catch (err) {
      if (err instanceof VideoStructureError) throw unsupportedMedia();
      throw err;
    }
    const key = `posts/${id}.${video.ext}`;
    await store.putFile(key, upload.file, video.mime);
    return {
      kind: 'video',
      key,
      thumbnailKey: null,
      mime: video.mime,
      bytes: size,
      width: null,
      height: null,
    };
  }

  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(upload.file, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMedia();
  }
  if (!meta.format || !acceptedImages.has(meta.format)) throw unsupportedMedia();
  checkPixels(meta);
  const animated = (meta.pages ?? 1) > 1;
  const key = `posts/${id}.webp`;
  const thumbnailKey = `posts/${id}.thumb.webp`;
  // sharp writes local files; they are then put in the store and removed.
  const target = path.join(tempDir(dataDir), `${id}.webp`);
  const thumbnail = path.join(tempDir(dataDir), `${id}.thumb.webp`);
  let info: OutputInfo;
  try {
    // Without withMetadata(), sharp writes no EXIF/ICC/XMP; rotate() applies the EXIF orientation.
    let image = sharp(upload.file, {
      animated,
      limitInputPixels: limits.imageMaxPixels,
    });
    if (!animated) image = image.rotate();
    info = await image
      .resize({
        width: MAX_IMAGE_SIDE,
        height: MAX_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 85 })
      .toFile(target);
    await sharp(target)
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(thumbnail);
  } catch {
    await Promise.all([target, thumbnail].map((f) => fsp.rm(f, { force: true })));
    throw unsupportedMedia();
  }
  try {
    const bytes = (await fsp.stat(target)).size;
    await store.putFile(key, target, 'image/webp');
    try {
      await store.putFile(thumbnailKey, thumbnail, 'image/webp');
    } catch (err) {
      await store.delete([key]);
      throw err;
    }
    const height = animated && info.pageHeight ? info.pageHeight : info.height;
    return {
      kind: 'image',
      key,
      thumbnailKey,
      mime: 'image/webp',
      bytes,
      width: info.width,
      height,
    };
  } finally {
    await Promise.all([target, thumbnail].map((f) => fsp.rm(f, { force: true })));
  }
}

/** Removes stored files by key (only keys under posts/; missing files are fine). */
export async function removeMediaFiles(store: MediaStore, keys: readonly string[]): Promise<void> {
  await store.delete(keys.filter((k) => /^posts\/[0-9a-f-]{36}(\.thumb)?\.[a-z0-9]+$/.test(k)));
}
