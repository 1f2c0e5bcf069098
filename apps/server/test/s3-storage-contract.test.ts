/** The media store contract, run against the local folder and a real S3-compatible server. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStore, S3MediaStore, type MediaStore } from '../src/lib/storage/index.ts';
import { bucketOrigin, type S3Settings } from '../src/lib/storage/s3.ts';
import { startS3, type TestS3 } from './s3-server.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-store-'));
let s3: TestS3 | null = null;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const text = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

function contract(name: string, make: () => MediaStore | null) {
  describe(`media store contract: ${name}`, () => {
    const store = () => {
      const s = make();
      if (!s) throw new Error('unreachable: skipped');
      return s;
    };
    const skip = () => make() === null;

    it('puts a file (streamed, several parts), reads it whole and by range, deletes it', async (ctx) => {
      if (skip()) return ctx.skip();
      // 12 MB: more than one part of the S3 multipart upload.
      const data = Buffer.alloc(12 * 1024 * 1024);
      for (let i = 0; i < data.length; i += 4096) data.writeUInt32BE(i, i);
      const file = path.join(tmp, `${randomUUID()}.bin`);
      fs.writeFileSync(file, data);
      const key = `posts/${randomUUID()}.mp4`;
      await store().putFile(key, file, 'video/mp4');

      expect(await store().head(key)).toMatchObject({
        size: data.length,
        contentType: 'video/mp4',
      });
      expect(await store().readRange(key, 4096, 4099)).toEqual(data.subarray(4096, 4100));
      const ranged = await store().getStream(key, { start: 100, end: 8291 });
      expect(ranged).toMatchObject({ size: data.length, range: { start: 100, end: 8291 } });
      expect(await text(ranged!.body)).toEqual(data.subarray(100, 8292));
      const copy = path.join(tmp, `${randomUUID()}.copy`);
      await store().download(key, copy);
      expect(fs.readFileSync(copy).equals(data)).toBe(true);

      await store().delete([key]);
      expect(await store().head(key)).toBeNull();
      expect(await store().getStream(key)).toBeNull();
      // Deleting what is gone is fine.
      await store().delete([key]);
    }, 60_000);

    it('puts a buffer with its type', async (ctx) => {
      if (skip()) return ctx.skip();
      const key = `avatars/${randomUUID()}.webp`;
      await store().putBuffer(key, Buffer.from('RIFF....WEBP'), 'image/webp');
      expect(await store().head(key)).toMatchObject({ size: 12, contentType: 'image/webp' });
      const whole = await store().getStream(key);
      expect((await text(whole!.body)).toString()).toBe('RIFF....WEBP');
      await store().delete([key]);
    });

    it('refuses keys outside the media layout', async (ctx) => {
      if (skip()) return ctx.skip();
      await expect(store().head('../secret')).rejects.toThrow(/invalid media key/);
      await expect(store().delete(['posts/../../x'])).rejects.toThrow(/invalid media key/);
      await expect(
        store().putBuffer('avatars/x.webp', Buffer.from('x'), 'image/webp'),
      ).rejects.toThrow(/invalid media key/);
    });
  });
}

let local: LocalMediaStore | undefined;
contract('local folder', () => (local ??= new LocalMediaStore(path.join(tmp, 'media'))));
let remote: S3MediaStore | undefined;
contract('S3 (s3rver)', () => (s3 ? (remote ??= new S3MediaStore(s3.settings)) : null));

describe('presigned PUT', () => {
  it('local folder: none', async () => {
    expect(await new LocalMediaStore(tmp).presignPut()).toBeNull();
  });

  it('S3: the browser may PUT the declared bytes to the URL', async (ctx) => {
    if (!s3) return ctx.skip();
    const store = new S3MediaStore(s3.settings);
    const key = `uploads/${randomUUID()}`;
    const url = await store.presignPut(key, 'video/mp4', 5, 60);
    expect(url).toMatch(/X-Amz-Signature=/);
    const res = await fetch(url!, {
      method: 'PUT',
      body: 'hello',
      headers: { 'content-type': 'video/mp4' },
    });
    expect(res.status).toBe(200);
    expect(await store.head(key)).toMatchObject({ size: 5 });
    await store.delete([key]);
  });
});

describe('bucketOrigin', () => {
  // Presigning is computed offline: no server is needed to learn where the browser will PUT.
  const settings: S3Settings = {
    region: 'eu-west-3',
    bucket: 'atelier-media',
    accessKeyId: 'AKIAEXAMPLEONLY',
    secretAccessKey: 'example-only-not-a-secret',
    forcePathStyle: false,
  };
  it.each([
    ['AWS, virtual-hosted', settings],
    [
      'an endpoint, path-style',
      { ...settings, endpoint: 'http://minio:9000', forcePathStyle: true },
    ],
    ['an endpoint, virtual-hosted', { ...settings, endpoint: 'https://s3.example.net' }],
  ])('%s: the origin of a real presigned URL', async (_name, s) => {
    const url = await new S3MediaStore(s).presignPut(`uploads/${randomUUID()}`, 'video/mp4', 1, 60);
    expect(bucketOrigin(s)).toBe(new URL(url!).origin);
  });
});
