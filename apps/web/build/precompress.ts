/**
 * Vite plugin: after the bundle is written, stores a brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy beside every text file of at least 1 KB in the output folder. The server sends the
 * copy the browser accepts (`@fastify/static` `preCompressed`), so nothing is compressed per request.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images, fonts and videos are compressed already. */
const textFile = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
export const minBytes = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `.br` and `.gz` beside each text file ≥ 1 KB under `dir`; returns the files compressed. */
export async function precompress(dir: string): Promise<string[]> {
  const done: string[] = [];
  for await (const file of filesUnder(dir)) {
    if (!textFile.test(file)) continue;
    const data = await fs.readFile(file);
    if (data.length < minBytes) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: 9 }),
    ]);
    await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    done.push(file);
  }
  return done;
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atelier-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
