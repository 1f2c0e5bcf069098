import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MB, type Media } from '@atelier/shared';
import { media as mediaTable } from '../src/db/schema/index.ts';
import { sweepUnattachedMedia } from '../src/features/media/service.ts';
import {
  createAuthTestApp,
  createMember,
  createUser,
  request,
  requestAs,
  send,
} from './factories.ts';
import { useAuthApp } from './context.ts';
import { newPost, upload } from './post-factories.ts';

const t = useAuthApp();

const fileOf = (url: string) => path.join(t.dataDir, url);
const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
const jpegWithExif = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 10, g: 120, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'Someone' } })
    .toBuffer();
const mp4 = (bytes: number) => {
  const buf = Buffer.alloc(bytes);
  buf.writeUInt32BE(24, 0);
  buf.write('ftypisom', 4, 'latin1');
  return buf;
};

describe('POST /api/media', () => {
  it('refuses anonymous (401) and users without access (403)', async () => {
    expect((await upload(t, { cookie: '' }, 'a.png', await png())).statusCode).toBe(401);
    const pending = await createUser(t);
    expect((await upload(t, pending, 'a.png', await png())).statusCode).toBe(403);
  });

  it('recognises files by content: a text file renamed .png is refused', async () => {
    const m = await createMember(t);
    const res = await upload(
      t,
      m,
      'picture.png',
      Buffer.from('just some text, not an image\n'),
      'image/png',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'errors.unsupportedMedia',
      fields: { file: 'errors.unsupportedMedia' },
    });
  });

  it('refuses a 26 MB image and a 101 MB video with the size in MB', async () => {
    const m = await createMember(t);
    const image = await upload(t, m, 'big.png', Buffer.alloc(26 * MB), 'image/png');
    expect(image.statusCode).toBe(413);
    expect(image.json().error).toMatchObject({
      code: 'errors.fileTooLarge',
      fields: { file: 'errors.fileTooLarge', sizeMb: '26.00', maxMb: '25.00' },
    });
    expect(image.json().error.message).toContain('26.00 MB');

    const video = await upload(t, m, 'big.mp4', mp4(101 * MB), 'video/mp4');
    expect(video.statusCode).toBe(413);
    expect(video.json().error).toMatchObject({
      code: 'errors.fileTooLarge',
      fields: { file: 'errors.fileTooLarge', sizeMb: '101.00', maxMb: '100.00' },
    });
    // Nothing is left behind.
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
  }, 60_000);

  it('accepts a video over the image limit, recognised by its magic bytes', async () => {
    const m = await createMember(t);
    const res = await upload(t, m, 'clip.bin', mp4(26 * MB));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      bytes: 26 * MB,
      thumbnailUrl: null,
      width: null,
      height: null,
    });
    expect(fs.statSync(fileOf(res.json<Media>().url)).size).toBe(26 * MB);
    // An EBML header and an empty segment (a WebM must be readable: its metadata is stripped).
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x80]);
    expect((await upload(t, m, 'clip.webm', webm)).json()).toMatchObject({
      kind: 'video',
      mime: 'video/webm',
    });
  }, 30_000);

  it('re-encodes an image to webp without metadata and makes a thumbnail', async () => {
    const m = await createMember(t);
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(t, m, 'photo.jpg', original, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const media = res.json<Media>();
    expect(media).toMatchObject({ kind: 'image', mime: 'image/webp', width: 900, height: 600 });
    expect(media.url).toMatch(/^\/media\/posts\/[0-9a-f-]{36}\.webp$/);
    const stored = await sharp(fileOf(media.url)).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    const thumb = await sharp(fileOf(media.thumbnailUrl ?? '')).metadata();
    expect([thumb.format, thumb.width]).toEqual(['webp', 480]);
    const served = await request(t, { method: 'GET', url: media.url });
    expect(served.statusCode).toBe(200);

    const small = await upload(t, m, 'tiny.png', await png(), 'image/png');
    expect(small.json()).toMatchObject({ kind: 'image', width: 64, height: 48 });
  });

  it('attaches media to a post in order, detaches on edit and removes files on delete', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const ids: string[] = [];
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const media = (await upload(t, m, `p${i}.png`, await png(40 + i, 30))).json<Media>();
      ids.push(media.id);
      urls.push(media.url);
    }
    const foreign = (await upload(t, other, 'o.png', await png())).json<Media>();
    const refused = await requestAs(t, m, 'POST /api/posts', {
      section: 'general',
      title: 'T',
      body: '',
      provenance: 'human',
      media: [foreign.id],
    });
    expect(refused.json().error.code).toBe('errors.mediaNotFound');

    const post = await newPost(t, m, { media: [ids[2], ids[0], ids[1]] });
    expect((post.media as { id: string }[]).map((x) => x.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(post).toMatchObject({ mediaCount: 3, cover: { id: ids[2] } });
    // Attached media cannot be reused or deleted directly.
    const reused = await requestAs(t, m, 'POST /api/posts', {
      section: 'general',
      title: 'T',
      body: '',
      provenance: 'human',
      media: [ids[0]],
    });
    expect(reused.json<{ error: { code: string } }>().error.code).toBe('errors.mediaNotFound');
    await send(t, m, `DELETE /api/media/${ids[0]}`, undefined, 409);

    const edited = await requestAs(t, m, `PATCH /api/posts/${post.id}`, {
      media: [ids[1], ids[2]],
    });
    expect((edited.json().media as { id: string }[]).map((x) => x.id)).toEqual([ids[1], ids[2]]);
    expect(fs.existsSync(fileOf(urls[0]!))).toBe(false);
    expect(fs.existsSync(fileOf(urls[1]!))).toBe(true);

    await send(t, m, `DELETE /api/posts/${post.id}`, undefined, 204);
    expect(fs.existsSync(fileOf(urls[1]!))).toBe(false);
    expect(fs.existsSync(fileOf(urls[2]!))).toBe(false);
  });
});

describe('DELETE /api/media/:id', () => {
  it('deletes only the uploader’s unattached media', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const media = (await upload(t, m, 'x.png', await png())).json<Media>();
    await send(t, other, `DELETE /api/media/${media.id}`, undefined, 403);
    await send(t, m, `DELETE /api/media/${media.id}`, undefined, 204);
    expect(fs.existsSync(fileOf(media.url))).toBe(false);
    await send(t, m, `DELETE /api/media/${media.id}`, undefined, 404);
  });
});

describe('sweeping unattached uploads', () => {
  it('removes uploads older than a day that no post uses', async () => {
    const m = await createMember(t);
    const old = (await upload(t, m, 'old.png', await png())).json<Media>();
    const fresh = (await upload(t, m, 'fresh.png', await png())).json<Media>();
    await t.database.db
      .update(mediaTable)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(mediaTable.id, old.id));
    const keys = await sweepUnattachedMedia(t.database.db);
    expect(keys).toEqual([
      old.url.slice('/media/'.length),
      (old.thumbnailUrl ?? '').slice('/media/'.length),
    ]);
    await send(t, m, `DELETE /api/media/${old.id}`, undefined, 404);
    await send(t, m, `DELETE /api/media/${fresh.id}`, undefined, 204);
  });
});

describe('upload rate limit', () => {
  it('refuses uploads over the `upload` class of a user with 429 and stores nothing', async () => {
    const small = await createAuthTestApp({
      RATE_LIMITS: { upload: [{ max: 2, windowSeconds: 600 }] },
    });
    try {
      const [m, other] = [await createMember(small), await createMember(small)];
      for (let i = 0; i < 2; i++)
        expect((await upload(small, m, `r${i}.png`, await png())).statusCode).toBe(201);
      const refused = await upload(small, m, 'r2.png', await png());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().error.code).toBe('errors.rateLimited');
      expect(
        await small.database.db.select().from(mediaTable).where(eq(mediaTable.uploaderId, m.id)),
      ).toHaveLength(2);
      expect((await upload(small, other, 'o.png', await png())).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});
