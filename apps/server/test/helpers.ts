/**
 * Test harness: a real Fastify app on a fresh database. PGlite in memory by default;
 * TEST_DATABASE_URL → a fresh PostgreSQL database per call.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }, overrides);
  const database = await openDatabase({ url: 'memory://' });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
