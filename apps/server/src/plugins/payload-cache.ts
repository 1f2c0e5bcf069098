/**
 * The per-node cache of shared payloads (lib/payload-cache.ts) as `app.payloads`, and its
 * invalidation here and, with REDIS_URL, on every node: `app.invalidatePayloads(…)` (resolves once
 * published). A state-changing /api request that succeeded empties it everywhere before its
 * answer leaves; the dispatcher drops what its domain events touched (live/plugin.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import {
  createPayloadCache,
  parsePayloadInvalidation,
  PAYLOAD_CACHE_CHANNEL,
  type PayloadCache,
  type PayloadInvalidation,
} from '../lib/payload-cache.ts';
import { invalidateBeforeSend, invalidationChannel } from '../lib/invalidations.ts';
import { succeededChange } from '../lib/writes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared payloads of this node (lib/payload-cache.ts). */
    payloads: PayloadCache;
    /** Drops cached payloads here and, with REDIS_URL, on every node (resolves once published). */
    invalidatePayloads(invalidation: PayloadInvalidation): Promise<void>;
  }
}

export function registerPayloadCache(
  app: FastifyInstance,
  config: Pick<Config, 'REDIS_URL' | 'PAYLOAD_CACHE_TTL_MS'>,
  /** What the nodes of one site share: their database's location (`Database.location`). */
  site: string,
): PayloadCache {
  const cache = createPayloadCache({ ttlMs: config.PAYLOAD_CACHE_TTL_MS });
  const log = app.log.child({ module: 'payload-cache' });
  // One channel per deployment (the database its nodes share), so sites (or test apps) sharing a
  // Redis never empty each other's caches; a node skips its own messages (it applied them already).
  const channel = `${PAYLOAD_CACHE_CHANNEL}:${createHash('sha256')
    .update(site)
    .digest('hex')
    .slice(0, 16)}`;
  const relay = invalidationChannel(app, config.REDIS_URL, log, channel, (message) => {
    const invalidation = parsePayloadInvalidation(message);
    if (invalidation) cache.apply(invalidation);
  });
  app.decorate('payloads', cache);
  app.decorate('invalidatePayloads', async (invalidation: PayloadInvalidation) => {
    cache.apply(invalidation);
    await relay.publish(invalidation);
  });
  const reportFailure = (err: unknown) => {
    log.error({ err }, 'publishing a payload-cache invalidation failed');
  };
  // Any state-changing request that succeeded may have changed what a cached payload shows.
  app.addHook(
    'onSend',
    invalidateBeforeSend(
      (request, reply) => succeededChange(request, reply, () => true),
      () => app.invalidatePayloads({ kind: 'all' }),
      reportFailure,
    ),
  );
  return cache;
}
