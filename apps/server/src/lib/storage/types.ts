/**
 * Where media files live: a local folder (DATA_DIR/media, the default) or an S3-compatible bucket
 * (S3_* settings). Keys are relative paths such as `posts/<uuid>.webp` or `avatars/<uuid>.webp`.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  /** Size in bytes. */
  size: number;
  contentType: string;
  etag?: string;
  lastModified?: Date;
}

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStream extends StoredObject {
  body: Readable;
  /** The range actually returned, or null for the whole object. */
  range: ByteRange | null;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Streams a local file into the store (never read whole into memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Size and type, or null when there is no such object. */
  head(key: string): Promise<StoredObject | null>;
  /** Bytes start..end (inclusive) of an object; shorter when the object is. */
  readRange(key: string, start: number, end: number): Promise<Buffer>;
  /** The object (or one range of it) as a stream, or null when there is no such object. */
  getStream(key: string, range?: ByteRange): Promise<ObjectStream | null>;
  /** Copies an object into a local file (streamed). */
  download(key: string, file: string): Promise<void>;
  /** Deletes objects; missing ones are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * A URL the browser may PUT exactly `bytes` bytes of type `contentType` to, or null when the
   * store cannot take direct uploads (the local folder).
   */
  presignPut(
    key: string,
    contentType: string,
    bytes: number,
    expiresInSeconds: number,
  ): Promise<string | null>;
}

/** Keys the application writes: anything else is refused before it reaches a path or a bucket. */
export const MEDIA_KEY =
  /^(posts\/[0-9a-f-]{36}(\.thumb)?\.[a-z0-9]+|avatars\/[0-9a-f-]{36}\.webp|uploads\/[0-9a-f-]{36})$/;

export function assertKey(key: string): void {
  if (!MEDIA_KEY.test(key)) throw new Error(`invalid media key: ${key}`);
}
