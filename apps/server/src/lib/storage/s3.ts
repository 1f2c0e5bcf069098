/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph…). Files are streamed in with the
 * multipart `Upload` helper and streamed out with ranged GETs; nothing is held whole in memory.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertKey, type ByteRange, type MediaStore, type StoredObject } from './types.ts';

export interface S3Settings {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const PART_SIZE = 8 * 1024 * 1024;

/**
 * The origin presigned URLs point at, so the page's Content-Security-Policy can let the browser
 * PUT a direct upload there: the endpoint itself with path-style addressing, else the bucket as a
 * sub-domain of the endpoint (or of AWS's regional S3 host). Checked against real presigned URLs
 * in s3-storage-contract.test.ts.
 */
export function bucketOrigin(settings: S3Settings): string {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  if (settings.forcePathStyle) return endpoint.origin;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

function totalFromContentRange(value: string | undefined): number | null {
  const m = value ? /\/(\d+)$/.exec(value) : null;
  return m?.[1] ? Number(m[1]) : null;
}

/**
 * The AWS SDK, loaded on first use: it weighs ~25 MB of memory, which a site keeping its media on
 * disk never pays (the server is bundled with its packages external, so this stays lazy).
 */
const importSdk = () =>
  Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]).then(([s3, storage, presigner]) => ({ s3, storage, presigner }));
let sdk: ReturnType<typeof importSdk> | undefined;
const loadSdk = () => (sdk ??= importSdk());

export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  #client: Promise<S3Client> | undefined;

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
  }

  /** One client per store (it keeps its connections), made on first use. */
  private client(): Promise<S3Client> {
    const { settings } = this;
    return (this.#client ??= loadSdk().then(
      ({ s3 }) =>
        new s3.S3Client({
          region: settings.region,
          ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
          forcePathStyle: settings.forcePathStyle,
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }),
    ));
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertKey(key);
    const { storage } = await loadSdk();
    const upload = new storage.Upload({
      client: await this.client(),
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentType: contentType,
      },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    const { s3 } = await loadSdk();
    await (
      await this.client()
    ).send(
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
      }),
    );
  }

  async head(key: string): Promise<StoredObject | null> {
    assertKey(key);
    const { s3 } = await loadSdk();
    const client = await this.client();
    try {
      const out = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
        ...(out.ETag ? { etag: out.ETag } : {}),
        ...(out.LastModified ? { lastModified: out.LastModified } : {}),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async readRange(key: string, start: number, end: number): Promise<Buffer> {
    const got = await this.getStream(key, { start, end });
    if (!got) throw Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });
    const chunks: Buffer[] = [];
    for await (const chunk of got.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).subarray(0, end - start + 1);
  }

  async getStream(key: string, range?: ByteRange) {
    assertKey(key);
    const { s3 } = await loadSdk();
    const client = await this.client();
    try {
      const out = await client.send(
        new s3.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const size = totalFromContentRange(out.ContentRange) ?? out.ContentLength ?? 0;
      return {
        body: out.Body as Readable,
        size,
        contentType: out.ContentType ?? 'application/octet-stream',
        range: range ?? null,
        ...(out.ETag ? { etag: out.ETag } : {}),
        ...(out.LastModified ? { lastModified: out.LastModified } : {}),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async download(key: string, file: string): Promise<void> {
    const got = await this.getStream(key);
    if (!got) throw Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });
    await pipeline(got.body, fs.createWriteStream(file, { flags: 'wx' }));
  }

  async delete(keys: readonly string[]): Promise<void> {
    keys.forEach(assertKey);
    if (keys.length === 0) return;
    const { s3 } = await loadSdk();
    const client = await this.client();
    await Promise.all(
      keys.map((key) => client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }))),
    );
  }

  async presignPut(
    key: string,
    contentType: string,
    bytes: number,
    expiresInSeconds: number,
  ): Promise<string | null> {
    assertKey(key);
    const { s3, presigner } = await loadSdk();
    return presigner.getSignedUrl(
      await this.client(),
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: bytes,
      }),
      { expiresIn: expiresInSeconds },
    );
  }
}
