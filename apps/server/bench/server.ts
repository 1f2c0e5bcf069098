/**
 * The real app for the benchmark, in its own process: a fresh database (BENCH_DATABASE: a PGlite
 * directory or a postgres:// URL), the bulk data of generate.ts, then `buildApp` + listen on PORT.
 * Prints one line `BENCH_READY {json}` when it answers; SIGTERM closes it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { generate, probeIndexes } from './generate.ts';

const target = process.env.BENCH_DATABASE;
const port = process.env.PORT;
if (!target || !port) throw new Error('BENCH_DATABASE and PORT are required');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-data-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: port,
  BASE_URL: `http://127.0.0.1:${port}`,
  AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
  // The benchmark's simulated users write far faster than any person: no rate limits.
  RATE_LIMIT_SCALE: '0',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
});

const openStarted = Date.now();
const database = await openDatabase({ url: target });
const migrateMs = Date.now() - openStarted;
const generated = await generate(database.db);
const probes = await probeIndexes(database.db);
const app = await buildApp({ config, database });
await app.listen({ host: config.HOST, port: config.PORT });
process.stdout.write(
  `BENCH_READY ${JSON.stringify({ kind: database.kind, migrateMs, ...generated, probes })}\n`,
);

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
