/**
 * The per-node cache of shared payloads (lib/payload-cache.ts) as `app.payloads`, and its
 * invalidation here and, with REDIS_URL, on every node: `app.invalidatePayloads(…)` (resolves once
 * published). A state-changing /api request that succeeded empties it everywhere before its
 * answer leaves; the dispatcher drops what its domain events touched (live/plugin.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import {
  createPayloadCache,
  parsePayloadInvalidation,
  PAYLOAD_CACHE_CHANNEL,
  type PayloadCache,
  type PayloadInvalidation,
} from '../lib/payload-cache.ts';
import { connectRedis, type RedisConnections } from '../live/redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared payloads of this node (lib/payload-cache.ts). */
    payloads: PayloadCache;
    /** Drops cached payloads here and, with REDIS_URL, on every node (resolves once published). */
    invalidatePayloads(invalidation: PayloadInvalidation): Promise<void>;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerPayloadCache(
  app: FastifyInstance,
  config: Pick<Config, 'REDIS_URL' | 'PAYLOAD_CACHE_TTL_MS'>,
): PayloadCache {
  const cache = createPayloadCache({ ttlMs: config.PAYLOAD_CACHE_TTL_MS });
  const log = app.log.child({ module: 'payload-cache' });
  let redis: RedisConnections | null = null;
  app.decorate('payloads', cache);
  app.decorate('invalidatePayloads', async (invalidation: PayloadInvalidation) => {
    cache.apply(invalidation);
    if (redis) await redis.pub.publish(PAYLOAD_CACHE_CHANNEL, JSON.stringify(invalidation));
  });
  const reportFailure = (err: unknown) => {
    log.error({ err }, 'publishing a payload-cache invalidation failed');
  };
  // Any state-changing request that succeeded may have changed what a cached payload shows.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || !request.url.startsWith('/api/')) return payload;
    if (WRITE_METHODS.has(request.method) || request.url.startsWith('/api/auth/')) {
      await app.invalidatePayloads({ kind: 'all' }).catch(reportFailure);
    }
    return payload;
  });
  if (config.REDIS_URL) {
    const url = config.REDIS_URL;
    app.addHook('onReady', async () => {
      const connections = await connectRedis(url, log);
      await connections.sub.subscribe(PAYLOAD_CACHE_CHANNEL, (message) => {
        const invalidation = parsePayloadInvalidation(message);
        if (invalidation) cache.apply(invalidation);
      });
      redis = connections;
    });
    app.addHook('onClose', async () => {
      const connections = redis;
      redis = null;
      await connections?.close();
    });
  }
  return cache;
}
