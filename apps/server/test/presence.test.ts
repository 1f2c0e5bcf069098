/**
 * Presence on one node (no Redis), over real sockets: online while the user has at least one open
 * socket, offline with the server's time when the last one closes; changes are pushed as
 * `presence:changed` to the sockets watching that user (`presence:watch`) and no others;
 * GET /api/presence and the profile read the database's record;
 * at start-up the only process clears online flags left by a process that died.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserPresence, UserProfile } from '@atelier/shared';
import { loadConfig } from '../src/config.ts';
import { user } from '../src/db/schema/index.ts';
import { useAuthApp, useSockets, useUsers } from './context.ts';
import { createAuthTestApp, request, send } from './factories.ts';
import type { ClientSocket } from './live-sockets.ts';

async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('presence on one node', () => {
  const t = useAuthApp();
  const kit = useSockets(t);
  const { alice, bob } = useUsers(t, { alice: ['member'], bob: ['member'] });
  const open = (cookie: string) => kit.open(cookie);

  const record = async (id: string) => {
    const [row] = await t.database.db
      .select({ online: user.online, lastSeenAt: user.lastSeenAt })
      .from(user)
      .where(eq(user.id, id));
    return row!;
  };
  const changesOf = (socket: ClientSocket, userId: string) => {
    const seen: UserPresence[] = [];
    socket.on('presence:changed', (p) => {
      if (p.userId === userId) seen.push(p);
    });
    return seen;
  };

  it('stays online while one socket is open; offline with a server timestamp after the last', async () => {
    const watcher = await open(bob.cookie);
    const seen = changesOf(watcher, alice.id);
    const unwatched = await open(bob.cookie);
    const unwatchedSeen = changesOf(unwatched, alice.id);
    watcher.emit('presence:watch', [alice.id]);
    // Watching answers with the current state (so nothing is missed between a fetch and the watch).
    await until(() => Promise.resolve(seen.length === 1));
    expect(seen.splice(0)).toEqual([{ userId: alice.id, online: false, lastSeenTimestamp: null }]);
    expect((await record(alice.id)).online).toBe(false);

    const first = await open(alice.cookie);
    await until(async () => (await record(alice.id)).online);
    await until(() => Promise.resolve(seen.length === 1));
    expect(seen[0]).toMatchObject({ userId: alice.id, online: true });
    const second = await open(alice.cookie);

    first.disconnect();
    // The first close is handled (queued after the second connection) and changes nothing.
    await new Promise((r) => setTimeout(r, 300));
    expect((await record(alice.id)).online).toBe(true);
    expect(seen).toHaveLength(1);

    const before = Date.now();
    second.disconnect();
    await until(async () => !(await record(alice.id)).online);
    const after = Date.now();
    const row = await record(alice.id);
    expect(row.lastSeenAt).not.toBeNull();
    // Server time (same clock here): between the close and the moment we saw it.
    expect(row.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(row.lastSeenAt!.getTime()).toBeLessThanOrEqual(after + 1_000);

    await until(() => Promise.resolve(seen.length === 2));
    expect(seen[1]).toEqual({
      userId: alice.id,
      online: false,
      lastSeenTimestamp: row.lastSeenAt!.toISOString(),
    });
    // Only the tabs watching Alice hear of her.
    expect(unwatchedSeen).toEqual([]);
  });

  it('serves the record through GET /api/presence and the profile', async () => {
    await open(alice.cookie);
    await until(async () => (await record(alice.id)).online);

    const res = await send(
      t,
      bob,
      `GET /api/presence?ids=${alice.id},${bob.id},nobody`,
      undefined,
      200,
    );
    const list = res.json<UserPresence[]>();
    expect(list.find((p) => p.userId === alice.id)).toMatchObject({ online: true });
    expect(list.find((p) => p.userId === 'nobody')).toBeUndefined();

    const profile = await request(t, {
      method: 'GET',
      url: `/api/users/${alice.id}`,
      cookie: bob.cookie,
    });
    expect(profile.json<UserProfile>()).toMatchObject({ online: true });
    expect(profile.json<UserProfile>().lastSeenTimestamp).toEqual(expect.any(String));
  });

  it('refuses presence to visitors and bad id lists', async () => {
    const anonymous = await request(t, { method: 'GET', url: `/api/presence?ids=${alice.id}` });
    expect(anonymous.statusCode).toBe(401);
    const none = await request(t, { method: 'GET', url: '/api/presence?ids=', cookie: bob.cookie });
    expect(none.statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => `u${i}`).join(',');
    await send(t, bob, `GET /api/presence?ids=${tooMany}`, undefined, 400);
  });
});

describe('presence at start-up (one process)', () => {
  it('marks users left online by a dead process offline, stamped now', async () => {
    const t = await createAuthTestApp({}, { skipReady: true });
    try {
      const stale = new Date('2020-01-01T00:00:00Z');
      await t.database.db.insert(user).values({
        id: 'stale-user',
        username: 'stale',
        email: 'stale@example.com',
        roles: ['member'],
        displayedRole: 'member',
        online: true,
        lastSeenAt: stale,
      });
      const before = Date.now();
      await t.app.ready();
      const [row] = await t.database.db.select().from(user).where(eq(user.id, 'stale-user'));
      expect(row!.online).toBe(false);
      expect(row!.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    } finally {
      await t.close();
    }
  });
});

describe('presence and Redis settings', () => {
  it('accepts redis:// and rediss:// URLs and defaults that meet the 60 s rule', () => {
    const c = loadConfig({ REDIS_URL: 'rediss://:secret@redis.internal:6380/1' });
    expect(c.REDIS_URL).toBe('rediss://:secret@redis.internal:6380/1');
    expect(c.PRESENCE_NODE_TTL_MS + c.PRESENCE_SWEEP_MS).toBeLessThan(60_000);
    expect(c.PRESENCE_HEARTBEAT_MS).toBeLessThan(c.PRESENCE_NODE_TTL_MS);
  });

  it('refuses another scheme and a heartbeat that outlives its TTL', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://redis:6379' })).toThrow(
      /REDIS_URL: must be a redis:\/\//,
    );
    expect(() =>
      loadConfig({ PRESENCE_HEARTBEAT_MS: '5000', PRESENCE_NODE_TTL_MS: '5000' }),
    ).toThrow(/PRESENCE_NODE_TTL_MS: must be longer than PRESENCE_HEARTBEAT_MS/);
  });
});
