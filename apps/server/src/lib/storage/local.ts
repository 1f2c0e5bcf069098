/** Media in a local folder (DATA_DIR/media): the default store. */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertKey, type ByteRange, type MediaStore, type StoredObject } from './types.ts';

const types: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};
const typeOf = (key: string) => types[path.extname(key).slice(1)] ?? 'application/octet-stream';

export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.copyFile(file, target, fs.constants.COPYFILE_EXCL);
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(target, data, { flag: 'wx' });
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const stat = await fsp.stat(this.file(key));
      if (!stat.isFile()) return null;
      return { size: stat.size, contentType: typeOf(key), lastModified: stat.mtime };
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null;
      throw err;
    }
  }

  async readRange(key: string, start: number, end: number): Promise<Buffer> {
    const handle = await fsp.open(this.file(key), 'r');
    try {
      const buffer = Buffer.alloc(end - start + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async getStream(key: string, range?: ByteRange) {
    const head = await this.head(key);
    if (!head) return null;
    const body = fs.createReadStream(this.file(key), range ?? {});
    return { ...head, body, range: range ?? null };
  }

  async download(key: string, file: string): Promise<void> {
    await pipeline(
      fs.createReadStream(this.file(key)),
      fs.createWriteStream(file, { flags: 'wx' }),
    );
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((k) => fsp.rm(this.file(k), { force: true })));
  }

  presignPut(): Promise<string | null> {
    return Promise.resolve(null);
  }
}
