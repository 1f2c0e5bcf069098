/**
 * What the node caches (sessions, payloads) share to drop entries on every node: the parsing of
 * an invalidation message and, with Redis, the channel that carries them between nodes.
 */
import { randomUUID } from 'node:crypto';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
} from 'fastify';
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
 * With a Redis URL, the node subscribes to `channel` once ready (each message from another node
 * goes to `receive`) and closes the connections with the app; `publish` sends an invalidation on
 * the channel (nothing without Redis or before the subscription). A node skips its own messages:
 * it applied them when it published them, and applying one again when Redis echoes it back would
 * empty a cache refilled meanwhile.
 */
export function invalidationChannel(
  app: FastifyInstance,
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  channel: string,
  receive: (message: string) => void,
): { publish: (invalidation: object) => Promise<void> } {
  let redis: RedisConnections | null = null;
  const origin = randomUUID();
  const own = `"origin":"${origin}"`;
  if (redisUrl) {
    const url = redisUrl;
    app.addHook('onReady', async () => {
      const connections = await connectRedis(url, log);
      await connections.sub.subscribe(channel, (message) => {
        if (!message.includes(own)) receive(message);
      });
      redis = connections;
    });
    app.addHook('onClose', async () => {
      const connections = redis;
      redis = null;
      await connections?.close();
    });
  }
  return {
    publish: async (invalidation) => {
      if (redis) await redis.pub.publish(channel, JSON.stringify({ ...invalidation, origin }));
    },
  };
}

/**
 * An onSend hook that, when `changes(request, reply)`, runs `invalidate()` before the answer
 * leaves; a failure is reported and the answer is sent anyway. A callback hook, not an async one:
 * reads (nearly every request) pass without a promise.
 */
export function invalidateBeforeSend(
  changes: (request: FastifyRequest, reply: FastifyReply) => boolean,
  invalidate: () => Promise<void>,
  reportFailure: (err: unknown) => void,
): onSendHookHandler {
  return (request, reply, payload, done) => {
    if (!changes(request, reply)) {
      done(null, payload);
      return;
    }
    invalidate().then(
      () => done(null, payload),
      (err: unknown) => {
        reportFailure(err);
        done(null, payload);
      },
    );
  };
}
