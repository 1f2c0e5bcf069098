/**
 * The first start of a brand-new embedded database (no users, no posts): the demo seed runs before
 * the server listens, so the site does not look empty. Called by main.ts only for PGlite and only
 * when SEED_DEMO is not false; tests build the app without main.ts and never get here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  describeSeed,
  isDatabaseEmpty,
  seedDemo,
} from './seed.ts';

export async function seedDemoOnFirstStart(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  if (database.kind !== 'pglite' || !config.SEED_DEMO) return;
  if (!(await isDatabaseEmpty(database.db))) return;
  const started = Date.now();
  try {
    const result = await seedDemo(database.db, { dataDir: config.DATA_DIR });
    if (!result.seeded) return;
    log.info(
      { demo: result, ms: Date.now() - started },
      `New embedded database: added demo data (${describeSeed(result)}). Demo members sign in as <name>@${DEMO_EMAIL_DOMAIN} with the password ${DEMO_PASSWORD}; set SEED_DEMO=false to start empty.`,
    );
  } catch (err) {
    // The site works without demo data; the seed's transaction left nothing behind.
    log.error({ err }, 'Could not add the demo data to the new database; starting empty');
  }
}
