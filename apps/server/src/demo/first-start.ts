/**
 * When demo data may be added, and the first start of a brand-new embedded database (no users,
 * no posts): the demo seed runs before the server listens, so the site does not look empty.
 *
 * Demo members include a moderator, so demo data is never added under NODE_ENV=production unless
 * DEMO=yes-public-demo says that this is a public demo site; SEED_DEMO=false always wins. Their
 * password is random, made for this seeding, and logged once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { mediaStoreFor } from '../lib/storage/index.ts';
import { PUBLIC_DEMO, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  DEMO_EMAIL_DOMAIN,
  describeSeed,
  isDatabaseEmpty,
  seedDemo,
  type SeedResult,
} from './seed.ts';

/**
 * Why demo accounts may not be created with this configuration (undefined: they may). Used by the
 * first start and by `npm run demo`.
 */
export function demoRefusal(config: Pick<Config, 'NODE_ENV' | 'DEMO'>): string | undefined {
  if (config.NODE_ENV === 'production' && config.DEMO !== PUBLIC_DEMO) {
    return `NODE_ENV=production: no demo data (its members include a moderator whose password would be in your logs). For a public demo site, set DEMO=${PUBLIC_DEMO}.`;
  }
  return undefined;
}

/** Whether the first start of this database may add the demo data (before looking at its rows). */
export function mayAddDemoOnFirstStart(
  config: Pick<Config, 'NODE_ENV' | 'DEMO' | 'SEED_DEMO'>,
  kind: Database['kind'],
): boolean {
  return kind === 'pglite' && config.SEED_DEMO && demoRefusal(config) === undefined;
}

/** How to sign in as a demo member: shown once, right after seeding. */
export function demoSignInLine(password: string): string {
  return `Demo members sign in as <name>@${DEMO_EMAIL_DOMAIN} — e.g. demo-mod@${DEMO_EMAIL_DOMAIN} (a moderator) or mina.park@${DEMO_EMAIL_DOMAIN} (a writer) — with the password ${password} (shown only now; \`npm run demo -- new-password\` makes another).`;
}

/** Seeds a new, empty embedded database when allowed; returns what was added (or null). */
export async function seedDemoOnFirstStart(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<SeedResult | null> {
  if (!mayAddDemoOnFirstStart(config, database.kind)) {
    if (config.SEED_DEMO && database.kind === 'pglite' && (await isDatabaseEmpty(database.db))) {
      log.info(demoRefusal(config) ?? 'No demo data.');
    }
    return null;
  }
  if (!(await isDatabaseEmpty(database.db))) return null;
  const started = Date.now();
  try {
    const result = await seedDemo(database.db, {
      dataDir: config.DATA_DIR,
      store: mediaStoreFor(config),
    });
    if (!result.seeded || !result.password) return null;
    const { password, ...counts } = result;
    log.warn(
      { demo: counts, ms: Date.now() - started },
      `New embedded database: added demo data (${describeSeed(result)}). ${demoSignInLine(password)} Set SEED_DEMO=false to start empty.`,
    );
    return result;
  } catch (err) {
    // The site works without demo data; the seed's transaction left nothing behind.
    log.error({ err }, 'Could not add the demo data to the new database; starting empty');
    return null;
  }
}
