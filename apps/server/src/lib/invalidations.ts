/**
 * What the node caches (sessions, payloads) share to drop entries on every node: the parsing of
 * an invalidation message and, with Redis, the channel that carries them between nodes.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { connectRedis, type RedisConnections } from '../live/redis.ts';

/**
 * An invalidation message: `{ kind: 'all' }`, or what `other` makes of another kind (null: not
 * an invalidation); null for anything that is not a JSON object with a `kind`.
 */
export function parseInvalidationMessage<T>(
  message: string,
  other: (value: object & Record<'kind', unknown>) => T | null,
): T | { kind: 'all' } | null {
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value !== 'object' || value === null || !('kind' in value)) return null;
    if (value.kind === 'all') return { kind: 'all' };
    return other(value);
  } catch {
    return null;
  }
}

/**
 * With a Redis URL, the node subscribes to `channel` once ready (each message goes to `receive`)
 * and closes the connections with the app; `publish` sends a message on the channel (nothing
 * without Redis or before the subscription).
 */
export function invalidationChannel(
  app: FastifyInstance,
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  channel: string,
  receive: (message: string) => void,
): { publish: (message: string) => Promise<void> } {
  let redis: RedisConnections | null = null;
  if (redisUrl) {
    const url = redisUrl;
    app.addHook('onReady', async () => {
      const connections = await connectRedis(url, log);
      await connections.sub.subscribe(channel, receive);
      redis = connections;
    });
    app.addHook('onClose', async () => {
      const connections = redis;
      redis = null;
      await connections?.close();
    });
  }
  return {
    publish: async (message) => {
      if (redis) await redis.pub.publish(channel, message);
    },
  };
}
