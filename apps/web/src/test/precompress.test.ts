// @vitest-environment node
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from '../../build/precompress.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atelier-precompress-'));
  await fs.mkdir(path.join(dir, 'assets'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes .br and .gz beside text files of 1 KB or more, decoding to the same bytes', async () => {
    const js = Buffer.from('export const x = "atelier";\n'.repeat(200));
    await fs.writeFile(path.join(dir, 'assets', 'index-abc.js'), js);
    await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>hi</p>'.repeat(200)}`);

    const done = await precompress(dir);

    expect(done.map((f) => path.relative(dir, f)).sort()).toEqual([
      path.join('assets', 'index-abc.js'),
      'index.html',
    ]);
    const br = await fs.readFile(path.join(dir, 'assets', 'index-abc.js.br'));
    const gz = await fs.readFile(path.join(dir, 'assets', 'index-abc.js.gz'));
    expect(zlib.brotliDecompressSync(br).equals(js)).toBe(true);
    expect(zlib.gunzipSync(gz).equals(js)).toBe(true);
    expect(br.length).toBeLessThan(js.length / 10);
  });

  it('leaves small files and binary formats alone', async () => {
    await fs.writeFile(path.join(dir, 'assets', 'tiny.js'), 'export {};');
    await fs.writeFile(path.join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));

    expect(await precompress(dir)).toEqual([]);
    expect((await fs.readdir(path.join(dir, 'assets'))).sort()).toEqual(['photo.png', 'tiny.js']);
  });
});
