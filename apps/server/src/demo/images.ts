/**
 * Colourful abstract images for demo posts: an SVG of gradients, circles and bands rendered by
 * sharp to a PNG, then stored like an upload.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadSharp } from '../lib/sharp.ts';
import { removeMediaFiles, storeUpload, type StoredMedia } from '../features/media/storage.ts';
import { LocalMediaStore, type MediaStore } from '../lib/storage/index.ts';
import { mulberry32 } from './random.ts';

const palettes: readonly (readonly string[])[] = [
  ['#ff5f6d', '#ffc371', '#2b1055', '#7597de'],
  ['#0f2027', '#2c5364', '#00c9a7', '#f9f871'],
  ['#8e2de2', '#4a00e0', '#ff6fd8', '#3813c2'],
  ['#f7971e', '#ffd200', '#e94057', '#8a2387'],
  ['#11998e', '#38ef7d', '#0b486b', '#f56217'],
  ['#fc5c7d', '#6a82fb', '#fdfc47', '#24fe41'],
  ['#1a2a6c', '#b21f1f', '#fdbb2d', '#e0eafc'],
  ['#00b4db', '#0083b0', '#f3904f', '#3b4371'],
];

export type DemoImage = StoredMedia;

/** A deterministic abstract SVG for `seed` (an integer). */
export function abstractSvg(seed: number, width: number, height: number): string {
  const rand = mulberry32(seed * 2654435761);
  const p = palettes[seed % palettes.length] ?? palettes[0] ?? [];
  const c = (i: number) => p[i % p.length] ?? '#888';
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const r = Math.round(40 + rand() * width * 0.22);
    shapes.push(
      `<circle cx="${Math.round(rand() * width)}" cy="${Math.round(rand() * height)}" r="${r}" fill="url(#g${i % 3})" opacity="${(0.35 + rand() * 0.5).toFixed(2)}"/>`,
    );
  }
  for (let i = 0; i < 3; i++) {
    const y = Math.round(rand() * height);
    shapes.push(
      `<path d="M0 ${y} C ${width * 0.3} ${y - 180 * rand()}, ${width * 0.6} ${y + 200 * rand()}, ${width} ${y - 60}" stroke="${c(i + 2)}" stroke-width="${Math.round(6 + rand() * 30)}" fill="none" opacity="0.6"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c(0)}"/><stop offset="1" stop-color="${c(2)}"/></linearGradient>
  <radialGradient id="g0"><stop offset="0" stop-color="${c(1)}"/><stop offset="1" stop-color="${c(1)}" stop-opacity="0"/></radialGradient>
  <radialGradient id="g1"><stop offset="0" stop-color="${c(3)}"/><stop offset="1" stop-color="${c(0)}" stop-opacity="0.2"/></radialGradient>
  <radialGradient id="g2"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="${c(2)}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${shapes.join('\n')}
</svg>`;
}

/**
 * Renders image number `seed` as a PNG and stores it exactly as an upload is stored (re-encoded to
 * WebP with a thumbnail under DATA_DIR/media/posts, by the media feature's storage code).
 */
export async function writeDemoImage(
  dataDir: string,
  seed: number,
  store: MediaStore = new LocalMediaStore(path.join(dataDir, 'media')),
): Promise<DemoImage> {
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(abstractSvg(seed, 1200, 800)))
    .png()
    .toBuffer();
  const tmp = path.join(dataDir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const file = path.join(tmp, `demo-${crypto.randomUUID()}.png`);
  fs.writeFileSync(file, png);
  try {
    return await storeUpload(
      store,
      dataDir,
      { file, bytes: png.length, truncated: false },
      png.length,
    );
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Removes files written by `writeDemoImage` (when the seed's transaction fails). */
export async function removeDemoImages(
  dataDir: string,
  images: readonly DemoImage[],
  store: MediaStore = new LocalMediaStore(path.join(dataDir, 'media')),
): Promise<void> {
  await removeMediaFiles(
    store,
    images.flatMap((i) => (i.thumbnailKey ? [i.key, i.thumbnailKey] : [i.key])),
  );
}
