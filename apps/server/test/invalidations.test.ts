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
      const kinds = (messages: string[]) =>
        messages.map((m) => (JSON.parse(m) as { kind: string }).kind);
      // Redis delivers in publishing order: by the time b's message reaches a, a's own (sent
      // before it) would have come back too, were it not skipped.
      await expect.poll(() => kinds(received.a)).toContain('user');
      expect(kinds(received.a)).toEqual(['user']);
      await expect.poll(() => kinds(received.b)).toContain('all');
      expect(kinds(received.b)).toEqual(['all']);
      expect(JSON.parse(received.a[0]!)).toMatchObject({ kind: 'user', id: 'u1' });
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });
});
