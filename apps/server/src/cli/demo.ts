/**
 * `npm run demo`: fills the site with demo members, tags, posts, comments, status updates and
 * likes (demo/seed.ts). Works on the same database as the server: DATABASE_URL, else the PGlite
 * directory DATA_DIR/db — which it cannot open while the server runs on it (the data directory
 * lock), and says so. Running it again changes nothing. The demo members' password is random and
 * printed once; `npm run demo -- new-password` gives them a new one. Refused under
 * NODE_ENV=production unless DEMO=yes-public-demo (first-start.ts).
 */
import { mediaStoreFor } from '../lib/storage/index.ts';
import { demoRefusal, demoSignInLine } from '../demo/first-start.ts';
import { describeSeed, newDemoPassword, seedDemo } from '../demo/seed.ts';
import {
  cliFail as fail,
  databaseWhere,
  loadConfigOrFail,
  openCliDatabase,
} from '../lib/startup.ts';

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

const config = loadConfigOrFail(fail);
const refusal = demoRefusal(config);
if (refusal) fail(`Refused: ${refusal}`);

const where = databaseWhere(config);
const database = await openCliDatabase(config, fail, '`npm run demo`');

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
