/**
 * The invalidation channel the session and payload caches share between nodes through Redis
 * (lib/invalidations.ts): another node's message arrives, a node's own echo does not. Runs when
 * TEST_REDIS_URL is set (CI); skipped otherwise.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { invalidationChannel } from '../src/lib/invalidations.ts';

const redisUrl = /^rediss?:\/\//.test(process.env.TEST_REDIS_URL ?? '')
  ? process.env.TEST_REDIS_URL
  : undefined;

describe.skipIf(!redisUrl)('invalidation channel', () => {
  it("delivers a node's invalidation to the other nodes, not back to itself", async () => {
    const channel = `atelier:test-invalidations:${randomUUID()}`;
    const received: Record<'a' | 'b', string[]> = { a: [], b: [] };
    const node = (name: 'a' | 'b') => {
      const app = Fastify();
      const relay = invalidationChannel(app, redisUrl, app.log, channel, (m) =>
        received[name].push(m),
      );
      return { app, relay };
    };
    const a = node('a');
    const b = node('b');
    try {
      await Promise.all([a.app.ready(), b.app.ready()]);
      await a.relay.publish({ kind: 'all' });
      await b.relay.publish({ kind: 'user', id: 'u1' });
      await expect.poll(() => received.b.length).toBe(1);
      await expect.poll(() => received.a.length).toBe(1);
      expect(JSON.parse(received.b[0]!)).toMatchObject({ kind: 'all' });
      expect(JSON.parse(received.a[0]!)).toMatchObject({ kind: 'user', id: 'u1' });
      // Once more, after both echoes had time to come back: still one message each.
      await a.relay.publish({ kind: 'all' });
      await expect.poll(() => received.b.length).toBe(2);
      expect(received.a).toHaveLength(1);
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });
});
