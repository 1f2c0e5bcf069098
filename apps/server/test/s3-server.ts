/**
 * A real S3-compatible server for the tests: s3rver (npm, in-process, files in a temp folder),
 * which speaks path-style S3 with multipart uploads, presigned URLs and ranged GETs. When it
 * cannot start, `startS3` prints why and answers null; the S3 tests are then skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../src/lib/storage/index.ts';
import type S3rverServer from 's3rver';

export interface TestS3 {
  settings: S3Settings;
  /** The S3_* variables for loadConfig. */
  env: Record<string, string>;
  client: S3Client;
  exists(key: string): Promise<boolean>;
  close(): Promise<void>;
}

let counter = 0;

export async function startS3(): Promise<TestS3 | null> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-s3-'));
  let server: S3rverServer | undefined;
  try {
    const { default: S3rver } = await import('s3rver');
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
    const { port } = await server.run();
    // s3rver accepts any well-formed credentials; these only exist for it.
    const settings: S3Settings = {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: `atelier-test-${process.pid}-${++counter}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    const client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
    const running = server;
    return {
      settings,
      env: {
        S3_ENDPOINT: settings.endpoint!,
        S3_REGION: settings.region,
        S3_BUCKET: settings.bucket,
        S3_ACCESS_KEY_ID: settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
      client,
      async exists(key) {
        try {
          await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key }));
          return true;
        } catch (err) {
          if (
            (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
          )
            return false;
          throw err;
        }
      },
      async close() {
        client.destroy();
        await running.close();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (err) {
    console.log(`S3 tests skipped: the s3rver test server could not start (${String(err)})`);
    await server?.close().catch(() => undefined);
    fs.rmSync(directory, { recursive: true, force: true });
    return null;
  }
}
