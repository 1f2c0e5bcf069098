/**
 * `npm run demo`: fills the site with demo members, tags, posts, comments, status updates and
 * likes (demo/seed.ts). Works on the same database as the server: DATABASE_URL, else the PGlite
 * directory DATA_DIR/db — which it cannot open while the server runs on it (the data directory
 * lock), and says so. Running it again changes nothing. The demo members' password is random and
 * printed once; `npm run demo -- new-password` gives them a new one. Refused under
 * NODE_ENV=production unless DEMO=yes-public-demo (first-start.ts).
 */
import fs from 'node:fs';
import { mediaStoreFor } from '../lib/storage/index.ts';
import path from 'node:path';
import { loadConfig, repoRoot } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { demoRefusal, demoSignInLine } from '../demo/first-start.ts';
import { describeSeed, newDemoPassword, seedDemo } from '../demo/seed.ts';

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const args = process.argv.slice(2);
if (args.some((a) => a === 'help' || a === '--help' || a === '-h')) {
  process.stdout.write(
    "Usage: npm run demo [-- new-password]\nAdds demo members, tags, posts, comments, status updates and likes to DATABASE_URL or to the embedded database in DATA_DIR/db (stop the server first). Running it twice adds nothing. The demo members' password is random and printed once; `new-password` gives them a new one. Refused under NODE_ENV=production unless DEMO=yes-public-demo.\n",
  );
  process.exit(0);
}
const command = args[0];
if (command !== undefined && command !== 'new-password')
  fail(`Unknown command: ${command} (see npm run demo -- help)`);

const envFile = path.join(repoRoot, '.env');
let config;
try {
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  config = loadConfig();
} catch (err) {
  fail((err as Error).message);
}
const refusal = demoRefusal(config);
if (refusal) fail(`Refused: ${refusal}`);

const where = config.DATABASE_URL ? 'DATABASE_URL' : path.join(config.DATA_DIR, 'db');
let database: Database;
try {
  database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'db'),
  });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    fail(
      `The database in ${where} is in use, probably by the running server (process ${err.pid}).\nStop the server, run \`npm run demo\` again, then start the server.`,
      2,
    );
  }
  fail(`Cannot open the database (${where}): ${(err as Error).message}`);
}

try {
  if (command === 'new-password') {
    const password = await newDemoPassword(database.db);
    if (password)
      process.stdout.write(`New password for every demo member.\n${demoSignInLine(password)}\n`);
    else process.stdout.write('There are no demo members: run `npm run demo` to add them.\n');
  } else {
    process.stdout.write(
      `Adding demo data to ${database.kind === 'postgres' ? database.location : where}…\n`,
    );
    const started = Date.now();
    const result = await seedDemo(database.db, {
      dataDir: config.DATA_DIR,
      store: mediaStoreFor(config),
    });
    if (result.seeded && result.password) {
      process.stdout.write(
        `Added ${describeSeed(result)} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n${demoSignInLine(result.password)}\n`,
      );
    } else {
      process.stdout.write(
        'The demo data is already there: nothing to add. Forgot the password? `npm run demo -- new-password`.\n',
      );
    }
  }
} catch (err) {
  await database.close();
  fail(`Failed: ${(err as Error).message}`);
}
await database.close();
