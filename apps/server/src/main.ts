import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'db') });
const app = await buildApp({ config, database });
await app.listen({ host: config.HOST, port: config.PORT });
