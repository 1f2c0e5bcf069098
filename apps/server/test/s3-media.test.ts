/** Media through the API with the S3 settings, against a real S3-compatible server (s3rver). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MB, type Media } from '@atelier/shared';
import { createAuthTestApp, createMember, request, send } from './factories.ts';
import type { TestApp } from './helpers.ts';
import sharp from 'sharp';
import { multipart, upload } from './post-factories.ts';
import { startS3, type TestS3 } from './s3-server.ts';

let s3: TestS3 | null = null;
let t: TestApp | undefined;
beforeAll(async () => {
  s3 = await startS3();
  if (s3) t = await createAuthTestApp({}, { env: s3.env });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const mp4 = (bytes: number) => {
  const buf = Buffer.alloc(bytes);
  buf.writeUInt32BE(24, 0);
  buf.write('ftypisom', 4, 'latin1');
  // A box running to the end of the file (size 0), with varied content to check ranges.
  for (let i = 32; i < bytes; i++) buf[i] = i % 251;
  return buf;
};
const keyOf = (url: string) => url.replace(/^\/media\//, '');

describe('media on S3', () => {
  it('stores an uploaded video in the bucket, serves it with ranges, deletes it', async (ctx) => {
    if (!s3 || !t) return ctx.skip();
    const m = await createMember(t);
    const video = mp4(2 * MB);
    const res = await upload(t, m, 'clip.mp4', video, 'video/mp4');
    expect(res.statusCode).toBe(201);
    const media = res.json<Media>();
    expect(await s3.exists(keyOf(media.url))).toBe(true);

    const ranged = await request(t, {
      method: 'GET',
      url: media.url,
      headers: { range: 'bytes=100-199' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${2 * MB}`);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const past = await request(t, {
      method: 'GET',
      url: media.url,
      headers: { range: `bytes=${3 * MB}-` },
    });
    expect(past.statusCode).toBe(416);

    await send(t, m, `DELETE /api/media/${media.id}`, undefined, 204);
    expect(await s3.exists(keyOf(media.url))).toBe(false);
    expect((await request(t, { method: 'GET', url: media.url })).statusCode).toBe(404);
  }, 60_000);

  it('direct upload: a real video is accepted, wrong bytes are refused and deleted', async (ctx) => {
    if (!s3 || !t) return ctx.skip();
    const m = await createMember(t);
    const direct = async (body: Buffer) => {
      const start = await request(t!, {
        method: 'POST',
        url: '/api/media/direct',
        cookie: m.cookie,
        payload: { mime: 'video/mp4', bytes: body.length },
      });
      expect(start.statusCode).toBe(201);
      const { url, headers, token } = start.json<{
        url: string;
        headers: Record<string, string>;
        token: string;
      }>();
      const put = await fetch(url, { method: 'PUT', body, headers });
      expect(put.status).toBe(200);
      const key = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).k as string;
      const done = await request(t!, {
        method: 'POST',
        url: '/api/media/direct/complete',
        cookie: m.cookie,
        payload: { token },
      });
      return { done, key };
    };
    const good = await direct(mp4(1 * MB));
    expect(good.done.statusCode).toBe(201);
    expect(good.done.json<Media>()).toMatchObject({ kind: 'video', mime: 'video/mp4', bytes: MB });
    expect(await s3.exists(keyOf(good.done.json<Media>().url))).toBe(true);
    expect(await s3.exists(good.key)).toBe(false);

    const fake = await direct(Buffer.from('definitely not a video, just text'));
    expect(fake.done.statusCode).toBe(400);
    expect(fake.done.json().error.code).toBe('errors.unsupportedMedia');
    expect(await s3.exists(fake.key)).toBe(false);
  }, 60_000);

  it('an avatar is stored in the bucket, served from it, and removed from it', async (ctx) => {
    if (!s3 || !t) return ctx.skip();
    const m = await createMember(t);
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#2f6db5' },
    })
      .png()
      .toBuffer();
    const body = multipart('file', 'me.png', png, 'image/png');
    const res = await request(t, {
      method: 'POST',
      url: '/api/me/avatar',
      cookie: m.cookie,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(200);
    const avatarPath = res.json<{ avatarPath: string }>().avatarPath;
    expect(avatarPath).toMatch(/^\/media\/avatars\//);
    const key = keyOf(avatarPath);
    expect(await s3.exists(key)).toBe(true);
    const served = await request(t, { method: 'GET', url: avatarPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');

    const removed = await request(t, { method: 'DELETE', url: '/api/me/avatar', cookie: m.cookie });
    expect(removed.statusCode).toBe(200);
    expect(await s3.exists(key)).toBe(false);
  }, 60_000);

  it('the page policy lets the browser PUT to the bucket, and only there', async (ctx) => {
    if (!s3 || !t) return ctx.skip();
    const res = await request(t, { method: 'GET', url: '/' });
    const connect = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'));
    expect(connect?.split(/\s+/)).toEqual([
      'connect-src',
      "'self'",
      expect.stringMatching(/^ws:\/\//),
      new URL(s3.settings.endpoint!).origin,
    ]);
  });
});

describe('MEDIA_BASE_URL', () => {
  it('images and videos may load from its origin', async (ctx) => {
    if (!s3) return ctx.skip();
    const app = await createAuthTestApp(
      {},
      { env: { ...s3.env, MEDIA_BASE_URL: 'https://cdn.example.net/atelier/' } },
    );
    try {
      const csp = String(
        (await request(app, { method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.net(;|\s)/);
      expect(csp).toMatch(/media-src [^;]*https:\/\/cdn\.example\.net(;|\s)/);
    } finally {
      await app.close();
    }
  }, 60_000);
});
