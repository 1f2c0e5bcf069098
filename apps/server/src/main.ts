/**
 * The server process: read the configuration (fail fast), open the database (migrations run,
 * the embedded data directory is locked), listen, and shut down gracefully on SIGTERM/SIGINT.
 */
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfigOrFail } from './lib/startup.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { closeHttp, installShutdown } from './lib/shutdown.ts';
import {
  embeddedDbDir,
  isPreparingChild,
  needsFirstStart,
  prepareDataDir,
  prepareInChild,
} from './lib/first-start.ts';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

const config = loadConfigOrFail(fail);

// A brand-new embedded database is created, with its demo data, by a child process that then
// exits (lib/first-start.ts): what building it costs in memory goes with that process.
if (isPreparingChild()) {
  try {
    await prepareDataDir(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(`Cannot start: ${err.message}`);
    fail(`Cannot create the database in ${embeddedDbDir(config)}: ${(err as Error).message}`);
  }
  process.exit(0);
}
const firstStart = needsFirstStart(config);
if (firstStart) {
  try {
    await prepareInChild();
  } catch (err) {
    fail(`Cannot create the database in ${embeddedDbDir(config)}: ${(err as Error).message}`);
  }
}

let database: Database;
try {
  database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: embeddedDbDir(config),
    sharedBuffers: config.PGLITE_SHARED_BUFFERS,
    // One connection per admitted request, plus spares for the domain-event dispatcher.
    pool: {
      max: config.DB_ACTIVE_MAX + 2,
      connectionTimeoutMillis: config.DB_QUEUE_TIMEOUT_MS,
    },
  });
} catch (err) {
  if (err instanceof DataDirLockedError) fail(`Cannot start: ${err.message}`);
  fail(
    `Cannot open the database (${config.DATABASE_URL ? 'DATABASE_URL' : embeddedDbDir(config)}): ${(err as Error).message}`,
  );
}

const app = await buildApp({ config, database });
for (const warning of config.warnings) app.log.warn(`Configuration: ${warning}`);
if (config.authSecretSource === 'file') {
  app.log.info(
    `AUTH_SECRET is not set: sessions and e-mail links are signed with the secret kept in ${path.join(config.DATA_DIR, 'auth-secret')} (made at first start).`,
  );
}
// First start of a brand-new embedded database: demo data, unless SEED_DEMO=false, never on
// PostgreSQL, and never under NODE_ENV=production without DEMO=yes-public-demo
// (demo/first-start.ts). The child process of a first start has done it already; this covers an
// embedded database that exists but is still empty.
if (database.kind === 'pglite' && config.SEED_DEMO && !firstStart) {
  const { seedDemoOnFirstStart } = await import('./demo/first-start.ts');
  await seedDemoOnFirstStart(database, config, app.log);
}
const shutdown = installShutdown({
  logger: app.log,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  steps: [
    // Stops accepting, waits for the requests in flight, closes the connections; Fastify's
    // preClose/onClose hooks (live sockets) run here.
    { name: 'http', run: () => closeHttp(app) },
    { name: 'database', run: () => database.close() },
  ],
});

process.on('unhandledRejection', (err) => {
  app.log.error({ err }, 'Unhandled promise rejection');
});
process.on('uncaughtException', (err) => {
  app.log.fatal({ err }, 'Uncaught exception');
  void shutdown('Uncaught exception', 1);
});

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (err) {
  await database.close();
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    fail(`Cannot start: port ${config.PORT} is already in use (set PORT to another one).`);
  fail(`Cannot listen on ${config.HOST}:${config.PORT}: ${(err as Error).message}`);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const mail = config.SMTP_URL
  ? `SMTP (${new URL(config.SMTP_URL).host})`
  : `files in ${path.join(config.DATA_DIR, 'mail')}`;
app.log.info(
  { url: config.baseUrl, port, database: database.kind, databaseLocation: database.location, mail },
  `Atelier listening on ${config.BASE_URL ?? `http://localhost:${port}`} — database: ${database.kind} (${database.location}) — mail: ${mail}`,
);
