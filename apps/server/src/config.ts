/** Every setting, parsed once from the environment. Documented in `.env.example`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadOrCreateSecretFile, secretProblem } from './lib/auth-secret.ts';
import type { S3Settings } from './lib/storage/s3.ts';
import { rateLimitClasses, type RateLimitClass, type RateRule } from '@atelier/shared';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** PGlite's shared_buffers unless PGLITE_SHARED_BUFFERS says otherwise (db/pglite.ts). */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** The value of DEMO that allows demo accounts under NODE_ENV=production. */
export const PUBLIC_DEMO = 'yes-public-demo';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the site; links in e-mails are built from it. */
  BASE_URL: z.url().optional(),
  /** Extra origins allowed to call the API with credentials (comma-separated). */
  TRUSTED_ORIGINS: list.default([]),
  /**
   * Secret that signs sessions and e-mail links (32+ characters, never a public value). Unset →
   * generated at first start into DATA_DIR/auth-secret; several nodes must share one: set it.
   */
  AUTH_SECRET: z.string().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** PostgreSQL connection string; unset → embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
    )
    .optional(),
  /**
   * Embedded database only: PostgreSQL's buffer cache inside PGlite (it is never given back, so it
   * sets most of an idle server's memory). Reads past it come from the operating system's file
   * cache. Raise it (e.g. 128MB) for a large embedded site with memory to spare.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB or 128MB')
    .default(DEFAULT_PGLITE_SHARED_BUFFERS),
  /**
   * Redis connection string; set → the Socket.IO Redis adapter and presence kept in Redis, so
   * several server processes can share one database. Unset → everything stays in this process.
   */
  REDIS_URL: z
    .string()
    .regex(
      /^rediss?:\/\//,
      'must be a redis:// or rediss:// URL (leave it unset for a single process)',
    )
    .optional(),
  /** With REDIS_URL: how often a node renews its presence heartbeat (ms). */
  PRESENCE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(10_000),
  /** With REDIS_URL: a node whose heartbeat is older than this is dead; its users go offline (ms). */
  PRESENCE_NODE_TTL_MS: z.coerce.number().int().min(300).default(30_000),
  /** With REDIS_URL: how often each node looks for dead nodes and stale online flags (ms). */
  PRESENCE_SWEEP_MS: z.coerce.number().int().min(100).default(15_000),
  /**
   * How long a shared payload (home, sections, tags, a post, a page of comments) stays in this
   * node's cache at most (ms; lib/payload-cache.ts); writes and domain events drop it sooner. 0: off.
   */
  PAYLOAD_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * How long a signed-in request's session and user stay in this node's cache at most (ms;
   * auth/session-cache.ts); a sign-out, a ban or a change of the user drops them sooner. 0: off.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /** SMTP connection string; unset → mails are written to DATA_DIR/mail/*.eml. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Atelier <no-reply@atelier.local>'),
  /** Outbox (src/mail/outbox.ts): the first retry's delay; each next one is 4× longer (ms). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  /** Outbox: a mail still not delivered this long after it was written is parked (hours). */
  MAIL_RETRY_MAX_HOURS: z.coerce.number().positive().default(24),
  /** Outbox: sent mail is deleted from the outbox after this many days. */
  MAIL_KEEP_DAYS: z.coerce.number().int().min(0).default(7),
  /** Outbox: how often each node looks for due mail and prunes sent mail (ms). */
  MAIL_SWEEP_MS: z.coerce.number().int().min(100).default(15_000),
  /** How often each node finishes account deletions whose grace period ended (ms; also at start). */
  ACCOUNT_DELETION_SWEEP_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** Outbox: the longest a request waits for its mail's first delivery attempt (ms). */
  MAIL_SEND_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Addresses that become moderator when they verify their e-mail. */
  ADMIN_EMAILS: list.default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For from a proxy in front of the server. */
  TRUST_PROXY: bool.default(false),
  /** Multiplies every rate limit (docs/configuration.md); 0 turns rate limiting off (benchmarks). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).max(1_000_000).default(1),
  /** Overrides of single rate-limit classes: `post=4/60+20/86400,like=60/60` (max/seconds). */
  RATE_LIMITS: z
    .string()
    .transform((v, ctx) => {
      const out: Partial<Record<RateLimitClass, RateRule[]>> = {};
      for (const entry of v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [name = '', rules = ''] = entry.split('=').map((s) => s.trim());
        const parsed: RateRule[] = [];
        for (const rule of rules.split('+')) {
          const m = /^(\d+)\/(\d+)$/.exec(rule.trim());
          if (m?.[1] && m[2] && Number(m[2]) >= 1)
            parsed.push({ max: Number(m[1]), windowSeconds: Number(m[2]) });
        }
        if (
          !(rateLimitClasses as string[]).includes(name) ||
          parsed.length !== rules.split('+').length
        ) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}": expected <class>=<max>/<seconds>[+<max>/<seconds>] with a class of ${rateLimitClasses.join(', ')}`,
          });
          return z.NEVER;
        }
        out[name as RateLimitClass] = parsed;
      }
      return out;
    })
    .default({}),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Longest wait for in-flight requests and the database on SIGTERM/SIGINT before exiting anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * Overload: /api requests using the database at once (on PostgreSQL the pool holds this many
   * connections plus 2 for the event dispatcher), requests that may wait for one of them, and
   * their longest wait (also the pool's). Beyond: 503 errors.overloaded with Retry-After.
   */
  DB_ACTIVE_MAX: z.coerce.number().int().min(1).default(10),
  DB_QUEUE_MAX: z.coerce.number().int().min(0).default(200),
  DB_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Fill a brand-new embedded database (no users, no posts) with demo data on first start. */
  SEED_DEMO: bool.default(true),
  /**
   * `yes-public-demo`: allow demo data (members with a known moderator) under NODE_ENV=production,
   * for a public demo site. Any other value is refused so that a typo cannot pass for consent.
   */
  DEMO: z.literal(PUBLIC_DEMO, { error: `must be "${PUBLIC_DEMO}" (or unset)` }).optional(),
  /**
   * Media in an S3-compatible bucket: S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID and
   * S3_SECRET_ACCESS_KEY all set (or none: DATA_DIR/media). S3_ENDPOINT for non-AWS stores.
   */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most others. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** With S3: public base URL of the bucket (e.g. a CDN); /media/… then redirects there. */
  MEDIA_BASE_URL: z.url().optional(),
  /**
   * Prometheus metrics (docs/operations.md), off unless one is set: METRICS_PORT serves /metrics
   * on its own port bound to METRICS_HOST; METRICS_TOKEN serves /metrics on the main port to
   * `Authorization: Bearer <token>` only (24+ characters).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Dispatched domain events are deleted after this many days (0: at the next sweep). */
  EVENTS_KEEP_DAYS: z.coerce.number().min(0).default(7),
  /** A domain event whose dispatch fails this many times is parked (never tried again). */
  EVENTS_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** The wait after a failed dispatch: this, doubled after each further failure (up to 1 hour). */
  EVENTS_RETRY_BASE_MS: z.coerce.number().int().min(100).default(5_000),
  /**
   * The shortest time between two signals to a room every socket with access is in (home, tags,
   * status updates) from one node: the first goes out at once, those within the window after it
   * are merged (each distinct message once) and sent at its end. 0 sends each at once.
   */
  LIVE_SIGNAL_MS: z.coerce.number().int().min(0).default(1_000),
});

const s3Required = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type Config = z.infer<typeof envSchema> & {
  baseUrl: string;
  authSecret: string;
  /** Where the secret came from: AUTH_SECRET, or the file generated in DATA_DIR. */
  authSecretSource: 'env' | 'file';
  /** Things worth a loud warning at start (the configuration works, but is risky). */
  warnings: string[];
  /** The S3 media store, or null for DATA_DIR/media. */
  s3: S3Settings | null;
};

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  // An empty value (`KEY=` copied from .env.example) means "not set": the default applies.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  if (c.PRESENCE_NODE_TTL_MS <= c.PRESENCE_HEARTBEAT_MS) {
    throw new Error(
      'Invalid configuration:\n  PRESENCE_NODE_TTL_MS: must be longer than PRESENCE_HEARTBEAT_MS',
    );
  }
  const s3Set = s3Required.filter((k) => c[k] !== undefined);
  if (s3Set.length > 0 && s3Set.length < s3Required.length) {
    const missing = s3Required.filter((k) => c[k] === undefined);
    throw new Error(
      `Invalid configuration:\n  ${missing.join(', ')}: media on S3 needs all of ${s3Required.join(', ')} (${s3Set.join(', ')} set); unset them all to keep media in DATA_DIR/media`,
    );
  }
  const s3: S3Settings | null =
    c.S3_REGION && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          bucket: c.S3_BUCKET,
          accessKeyId: c.S3_ACCESS_KEY_ID,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY,
          forcePathStyle: c.S3_FORCE_PATH_STYLE,
        }
      : null;
  if (!s3 && (c.S3_ENDPOINT !== undefined || c.MEDIA_BASE_URL !== undefined)) {
    const which = [c.S3_ENDPOINT && 'S3_ENDPOINT', c.MEDIA_BASE_URL && 'MEDIA_BASE_URL'].filter(
      Boolean,
    );
    throw new Error(
      `Invalid configuration:\n  ${which.join(', ')}: only used with media on S3 (set ${s3Required.join(', ')})`,
    );
  }
  const warnings: string[] = [];
  const shared = [c.DATABASE_URL && 'DATABASE_URL', c.REDIS_URL && 'REDIS_URL'].filter(Boolean);
  if (c.AUTH_SECRET === undefined && shared.length > 0) {
    // Each node would make its own secret: sessions and links of one node fail on the others.
    const why = `${shared.join(' and ')} set without AUTH_SECRET: every node must sign with the same secret, and a secret generated into this node's DATA_DIR is not shared. Set AUTH_SECRET (openssl rand -base64 32) to the same value on every node`;
    if (c.NODE_ENV === 'production')
      throw new Error(`Invalid configuration:\n  AUTH_SECRET: ${why}.`);
    warnings.push(`${why} (refused under NODE_ENV=production).`);
  }
  let authSecret: string;
  let authSecretSource: Config['authSecretSource'];
  if (c.AUTH_SECRET !== undefined) {
    authSecret = c.AUTH_SECRET;
    authSecretSource = 'env';
  } else if (overrides.authSecret !== undefined) {
    authSecret = overrides.authSecret;
    authSecretSource = 'env';
  } else {
    authSecret = loadOrCreateSecretFile(overrides.DATA_DIR ?? c.DATA_DIR).secret;
    authSecretSource = 'file';
  }
  const config: Config = {
    ...c,
    baseUrl: c.BASE_URL ?? `http://localhost:${c.PORT}`,
    authSecret,
    authSecretSource,
    warnings,
    s3,
    ...overrides,
  };
  // Checked last, overrides included: no path leads to a public or short secret.
  const problem = secretProblem(config.authSecret);
  if (problem) throw new Error(`Invalid configuration:\n  ${problem}`);
  return config;
}
