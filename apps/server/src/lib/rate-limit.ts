/**
 * The server's one rate-limit mechanism. Named classes (packages/shared `rateLimits`) of one or
 * more rules `(max, window)`, keyed by client IP, normalised e-mail address or user id, counted in
 * fixed windows: in this process by default, in Redis when REDIS_URL is set (INCR and PEXPIRE in
 * one Lua script, so every node shares one count). A full rule refuses the request with 429
 * `errors.rateLimited` and `Retry-After` (seconds until that window ends).
 *
 * If Redis does not answer within a second the request is let through and a warning logged: an
 * outage of the limit store must not take the site down.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { rateLimitClasses, rateLimits, type RateLimitClass, type RateRule } from '@atelier/shared';
import type { Config } from '../config.ts';
import { redisLocation } from '../live/redis.ts';
import { AppError } from './errors.ts';

export interface Hit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

export interface RateLimitStore {
  /** Counts one request under `key` in a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<Hit>;
  close(): Promise<void>;
}

/** A 429 `errors.rateLimited` with the seconds to wait (sent as `Retry-After`). */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfter: number) {
    super(429, 'errors.rateLimited', 'Too many requests');
  }
}

/** Lower-cased, trimmed, NFKC: the form Better Auth stores, so variants count as one address. */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export function memoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = 0;
  return {
    hit(key, windowMs) {
      const t = now();
      if (t >= sweepAt) {
        // Forget ended windows once a minute, so the map holds only live counters.
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        sweepAt = t + 60_000;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return Promise.resolve({ count: w.count, resetMs: w.resetAt - t });
    },
    close() {
      windows.clear();
      return Promise.resolve();
    },
  };
}

/** Counts and sets the window's expiry in one step; a key that lost its expiry gets it back. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

const REDIS_TIMEOUT_MS = 1_000;

export async function redisStore(
  url: string,
  log: FastifyBaseLogger,
  prefix = 'atelier:rl:',
): Promise<RateLimitStore> {
  let connected = false;
  // Loaded only with REDIS_URL: a site without Redis never pays for the client.
  const { createClient } = await import('redis');
  const client = createClient({
    url,
    // While reconnecting, commands fail at once instead of queueing (the request is let through).
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries: number, cause: Error) => {
        if (!connected && retries >= 5) return cause;
        return Math.min(100 * 2 ** retries, 2_000);
      },
    },
  });
  client.on('error', (err: unknown) => {
    if (connected) log.warn({ err }, 'rate limits: Redis connection error (retrying)');
  });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `Cannot connect to Redis for rate limits (${redisLocation(url)}): ${(err as Error).message}`,
      {
        cause: err,
      },
    );
  }
  connected = true;
  return {
    async hit(key, windowMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('Redis did not answer in time')),
          REDIS_TIMEOUT_MS,
        );
      });
      try {
        const reply = (await Promise.race([
          client.eval(HIT_SCRIPT, { keys: [prefix + key], arguments: [String(windowMs)] }),
          timeout,
        ])) as [number, number];
        return { count: reply[0], resetMs: reply[1] };
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      try {
        await client.close();
      } catch {
        client.destroy();
      }
    },
  };
}

/** The rules of every class after RATE_LIMITS and RATE_LIMIT_SCALE; a class of no rules is off. */
export function effectiveRules(
  config: Pick<Config, 'RATE_LIMIT_SCALE' | 'RATE_LIMITS'>,
): Record<RateLimitClass, RateRule[]> {
  const out = {} as Record<RateLimitClass, RateRule[]>;
  for (const name of rateLimitClasses) {
    const rules: readonly RateRule[] = config.RATE_LIMITS[name] ?? rateLimits[name];
    out[name] =
      config.RATE_LIMIT_SCALE === 0
        ? []
        : rules.map((r) => ({
            max: Math.max(1, Math.round(r.max * config.RATE_LIMIT_SCALE)),
            windowSeconds: r.windowSeconds,
          }));
  }
  return out;
}

export interface RateLimiter {
  readonly rules: Record<RateLimitClass, RateRule[]>;
  /**
   * Counts one request of `name` for `key` (an IP, an e-mail or a user id); throws
   * RateLimitedError when a rule of the class is full.
   */
  check(name: RateLimitClass, key: string): Promise<void>;
  close(): Promise<void>;
}

export function createRateLimiter(
  config: Pick<Config, 'RATE_LIMIT_SCALE' | 'RATE_LIMITS'>,
  store: RateLimitStore,
  log: FastifyBaseLogger,
  /** Told of each refusal (the metrics' counter by class). */
  onRefused?: (name: RateLimitClass) => void,
): RateLimiter {
  const rules = effectiveRules(config);
  return {
    rules,
    async check(name, key) {
      const classRules = rules[name];
      if (classRules.length === 0) return;
      let hits: Hit[];
      try {
        hits = await Promise.all(
          classRules.map((r) =>
            store.hit(`${name}:${r.windowSeconds}:${key}`, r.windowSeconds * 1000),
          ),
        );
      } catch (err) {
        log.warn(
          { err, limit: name },
          'rate limits: the store did not answer; request let through',
        );
        return;
      }
      let wait = 0;
      classRules.forEach((r, i) => {
        const hit = hits[i];
        if (hit && hit.count > r.max) wait = Math.max(wait, Math.ceil(hit.resetMs / 1000));
      });
      if (wait > 0) {
        onRefused?.(name);
        throw new RateLimitedError(Math.max(1, wait));
      }
    },
    close: () => store.close(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Counts the signed-in user's request in class `name` (inside a handler, e.g. after validation). */
export async function checkUser(request: FastifyRequest, name: RateLimitClass): Promise<void> {
  const id = request.viewer?.user.id;
  if (id) await request.server.rateLimiter.check(name, `user:${id}`);
}

/**
 * A preHandler that counts the signed-in user's request in class `name` (after `requireAccess`,
 * which loads the viewer).
 */
export function limitPerUser(name: RateLimitClass): preHandlerAsyncHookHandler {
  return async function rateLimitUser(request: FastifyRequest, _reply: FastifyReply) {
    const id = request.viewer?.user.id;
    if (id) await request.server.rateLimiter.check(name, `user:${id}`);
  };
}

/** A preHandler that counts the request in class `name` by client IP (request.ip honours TRUST_PROXY). */
export function limitPerIp(name: RateLimitClass): preHandlerAsyncHookHandler {
  return async function rateLimitIp(request: FastifyRequest) {
    await request.server.rateLimiter.check(name, `ip:${request.ip}`);
  };
}

/** Decorates `app.rateLimiter` (Redis store with REDIS_URL, else in process); closed with the app. */
export async function registerRateLimiter(
  app: FastifyInstance,
  config: Pick<Config, 'RATE_LIMIT_SCALE' | 'RATE_LIMITS' | 'REDIS_URL'>,
): Promise<void> {
  const log = app.log.child({ module: 'rate-limit' });
  const store =
    config.REDIS_URL && config.RATE_LIMIT_SCALE > 0
      ? await redisStore(config.REDIS_URL, log)
      : memoryStore();
  const limiter = createRateLimiter(config, store, log, (name) => {
    if (app.hasDecorator('metrics')) app.metrics.rateLimited.inc({ class: name });
  });
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', () => limiter.close());
}
