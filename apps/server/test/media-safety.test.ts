/**
 * Uploads that cost or leak (issue 9): an image above the pixel limit is refused from its header,
 * before decoding; videos lose their container metadata (GPS, titles, dates) and keep their
 * structure and media bytes; a video whose structure cannot be walked is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Media } from '@atelier/shared';
import { stripVideoMetadata } from '../src/features/media/video-metadata.ts';
import { useAuthApp, useUsers } from './context.ts';
import { upload } from './post-factories.ts';

const t = useAuthApp();
const { m } = useUsers(t, { m: ['member'] });

const fileOf = (url: string) => path.join(t.dataDir, url);

/**
 * Uploads a video (expects 201) and returns the stored file: as long as `content`, and without
 * any of `gone`.
 */
async function uploadStripped(
  name: string,
  content: Buffer,
  type: string,
  gone: (string | Buffer)[],
): Promise<{ stored: Buffer; file: string }> {
  const res = await upload(t, m, name, content, type);
  expect(res.statusCode).toBe(201);
  const file = fileOf(res.json<Media>().url);
  const stored = fs.readFileSync(file);
  expect(stored.length).toBe(content.length);
  for (const secret of gone) expect(stored.includes(secret)).toBe(false);
  return { stored, file };
}

// ---- a 16,000 × 16,000 PNG, a few kilobytes on disk ----

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid black 1-bit greyscale PNG of width × height: every row is a filter byte and zeros. */
function hugePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // 32 MB of zeros, deflated below
  const idat = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('images above the pixel limit', () => {
  it('refuses a 16,000 × 16,000 PNG with 413 errors.imageTooManyPixels, for posts and avatars', async () => {
    const png = hugePng(16_000, 16_000);
    expect(png.length).toBeLessThan(200 * 1024);
    const res = await upload(t, m, 'huge.png', png, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'errors.imageTooManyPixels',
      fields: { file: 'errors.imageTooManyPixels', maxMegapixels: '50' },
    });
    // Nothing stored (the folder is made by the first file stored in it).
    const postsDir = path.join(t.dataDir, 'media', 'posts');
    expect(
      fs.existsSync(postsDir)
        ? fs.readdirSync(postsDir, { withFileTypes: true }).filter((e) => e.isFile())
        : [],
    ).toEqual([]);

    const avatar = await upload(t, m, 'huge.png', png, 'image/png', '/api/me/avatar');
    expect(avatar.statusCode).toBe(413);
    expect(avatar.json().error.code).toBe('errors.imageTooManyPixels');
  });
});

// ---- MP4 ----

const GPS = '+48.8584+002.2945/';

function box(type: string, ...children: Buffer[]): Buffer {
  const payload = Buffer.concat(children);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** A QuickTime string atom (©xyz, ©nam): 16-bit length, 16-bit language, the text. */
function qtString(type: string, text: string): Buffer {
  const data = Buffer.from(text, 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt16BE(data.length, 0);
  head.writeUInt16BE(0x15c7, 2);
  return box(type, head, data);
}

function sampleMp4(): Buffer {
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box(
      'moov',
      box('mvhd', Buffer.alloc(100)),
      box('trak', box('tkhd', Buffer.alloc(84)), box('udta', qtString('\xa9nam', 'Secret title'))),
      box('udta', qtString('\xa9xyz', GPS), qtString('\xa9day', '2026-11-23T10:00:00Z')),
      box(
        'meta',
        Buffer.alloc(4),
        box('hdlr', Buffer.alloc(24)),
        box('ilst', box('data', Buffer.from(`location ${GPS}`))),
      ),
    ),
    box('mdat', Buffer.from('MEDIADATA'.repeat(20))),
  ]);
}

/** The box tree (types), checking that every size adds up exactly. */
function boxTree(buf: Buffer, start = 0, end = buf.length): unknown[] {
  const out: unknown[] = [];
  let pos = start;
  while (pos < end) {
    const size = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    expect(size).toBeGreaterThanOrEqual(8);
    expect(pos + size).toBeLessThanOrEqual(end);
    out.push(
      ['moov', 'trak'].includes(type) ? { [type]: boxTree(buf, pos + 8, pos + size) } : type,
    );
    pos += size;
  }
  expect(pos).toBe(end);
  return out;
}

describe('video metadata', () => {
  it('strips udta and meta boxes (GPS ©xyz) from an MP4 and keeps its structure and media data', async () => {
    const original = sampleMp4();
    expect(original.includes(GPS)).toBe(true);
    const { stored, file } = await uploadStripped('clip.mp4', original, 'video/mp4', [
      GPS,
      'Secret title',
      '2026-11-23',
    ]);
    expect(boxTree(stored)).toEqual([
      'ftyp',
      { moov: ['mvhd', { trak: ['tkhd', 'free'] }, 'free', 'free'] },
      'mdat',
    ]);
    // The media data is where it was (chunk offsets stay right).
    const at = original.indexOf('MEDIADATA');
    expect(stored.subarray(at)).toEqual(original.subarray(at));
    expect(await stripVideoMetadata(file, 'bmff')).toBe(0);
  });

  it('refuses an MP4 whose boxes overrun the file', async () => {
    const broken = Buffer.concat([
      box('ftyp', Buffer.from('isom\0\0\0\0', 'latin1')),
      Buffer.from([0, 0, 0x10, 0, 0x6d, 0x6f, 0x6f, 0x76, 1, 2, 3]),
    ]);
    const res = await upload(t, m, 'broken.mp4', broken, 'video/mp4');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.unsupportedMedia');
  });

  it('strips Tags, Title and DateUTC from a WebM of unknown size (a live recording)', async () => {
    const el = (id: number[], ...data: Buffer[]) => {
      const payload = Buffer.concat(data);
      if (payload.length > 126) throw new Error('test element too long');
      return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | payload.length]), payload]);
    };
    const text = (s: string) => Buffer.from(s, 'utf8');
    const webm = Buffer.concat([
      el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], text('webm'))),
      Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      el(
        [0x15, 0x49, 0xa9, 0x66],
        el([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])),
        el([0x7b, 0xa9], text('Secret place')),
        el([0x44, 0x61], Buffer.from([1, 2, 3, 4, 5, 6, 7, 8])),
      ),
      Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0xff]),
      el([0xe7], Buffer.from([0])),
      el([0xa3], text('FRAMEDATA')),
      el(
        [0x12, 0x54, 0xc3, 0x67],
        el(
          [0x73, 0x73],
          el([0x67, 0xc8], el([0x45, 0xa3], text('LOCATION')), el([0x44, 0x87], text(GPS))),
        ),
      ),
    ]);
    const { stored, file } = await uploadStripped('clip.webm', webm, 'video/webm', [
      GPS,
      'Secret place',
      Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]),
    ]);
    expect(stored.includes('FRAMEDATA')).toBe(true);
    expect(await stripVideoMetadata(file, 'ebml')).toBe(0);
  });

  it('refuses a WebM whose elements cannot be read', async () => {
    const res = await upload(
      t,
      m,
      'bad.webm',
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(100)]),
      'video/webm',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.unsupportedMedia');
  });
});
