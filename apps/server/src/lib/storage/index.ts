/** The media store of a configuration: S3 when the S3_* settings are set, else DATA_DIR/media. */
import path from 'node:path';
import { LocalMediaStore } from './local.ts';
import { S3MediaStore, type S3Settings } from './s3.ts';
import type { MediaStore } from './types.ts';

export * from './types.ts';
export { LocalMediaStore } from './local.ts';
export { S3MediaStore, type S3Settings } from './s3.ts';

export interface StoreConfig {
  DATA_DIR: string;
  s3: S3Settings | null;
}

const stores = new WeakMap<object, MediaStore>();

export function createMediaStore(config: StoreConfig): MediaStore {
  return config.s3
    ? new S3MediaStore(config.s3)
    : new LocalMediaStore(path.join(config.DATA_DIR, 'media'));
}

/** One store per configuration object (an S3 client keeps its connections). */
export function mediaStoreFor(config: StoreConfig): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = createMediaStore(config);
    stores.set(config, store);
  }
  return store;
}
