/**
 * Presence (issue 4): a user is online while they have at least one open socket on some node;
 * when the last one closes they go offline with the server's time (`user.online`,
 * `user.last_seen_at` — the durable record profiles and GET /api/presence read).
 *
 * - Without REDIS_URL (one process): sockets are counted per user in memory. At start-up every
 *   user still marked online is marked offline (last_seen_at = now): this process is the only one,
 *   so those flags were left by a process that died.
 * - With REDIS_URL: each node keeps its socket counts in a Redis hash `…:node:<nodeId>` and
 *   renews a heartbeat key `…:alive:<nodeId>` (TTL PRESENCE_NODE_TTL_MS) every
 *   PRESENCE_HEARTBEAT_MS; a user's total is the sum over the nodes in the set `…:nodes`, computed
 *   atomically (Lua) on each connect and disconnect. Every PRESENCE_SWEEP_MS each node removes the
 *   nodes whose heartbeat expired (killed) with their counts, then marks offline the users the
 *   database says are online but who have no socket left anywhere, and online again its own
 *   users the database shows offline. Defaults (10 s / 30 s / 15 s) put a dead node's users
 *   offline within 45 s. A node reaped while alive (or a Redis that lost its data) is
 *   re-registered with its counts at its next heartbeat.
 *
 * Database writes are serialised per user on a node and batched (one UPDATE per tick for all the
 * users that went online, one for those that went offline). Each change is pushed as
 * `presence:changed` to the room `presence:<userId>`, which the sockets of the tabs showing that
 * user joined by `presence:watch` (so a change costs one message per interested tab, not one
 * per connected socket).
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasAccess, isBanned, presenceWatchLimit, type UserPresence } from '@atelier/shared';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/index.ts';
import { queryRows } from '../lib/sql.ts';
import type { LiveServer, LiveServerSocket } from './emitter.ts';
import { connectRedis, redisLocation, type RedisClient, type RedisConnections } from './redis.ts';

/** The room of the sockets watching a user's presence (`presence:watch`). */
export const presenceRoom = (userId: string) => `presence:${userId}`;

/** Where socket counts live: this process, or Redis shared by every node. */
export interface PresenceStore {
  /** Counts one more socket; true when it is the user's first on any node. */
  add(userId: string): Promise<boolean>;
  /** Counts one socket less; true when it was the user's last on any node. */
  remove(userId: string): Promise<boolean>;
}

export interface Presence {
  /** The database's record for these users (users with access or banned; others are left out). */
  read(ids: string[]): Promise<UserPresence[]>;
  /** Runs one Redis sweep now (dead nodes, stale online flags); no-op without Redis. */
  sweep(): Promise<void>;
  /** This node's id in Redis (null without Redis). */
  readonly nodeId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    presence: Presence;
  }
}

const toPresence = (id: string, online: boolean, lastSeenAt: Date | string | null) => ({
  userId: id,
  online,
  lastSeenTimestamp:
    lastSeenAt === null
      ? null
      : (lastSeenAt instanceof Date ? lastSeenAt : new Date(lastSeenAt)).toISOString(),
});

// ---- the in-process store ----

export function memoryStore(): PresenceStore & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    add(userId) {
      const n = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, n);
      return Promise.resolve(n === 1);
    },
    remove(userId) {
      const n = (counts.get(userId) ?? 0) - 1;
      if (n > 0) counts.set(userId, n);
      else counts.delete(userId);
      return Promise.resolve(n <= 0);
    },
  };
}

// ---- the Redis store ----

const KEY_PREFIX = 'atelier:presence:';
const NODES_KEY = `${KEY_PREFIX}nodes`;
const nodeKey = (nodeId: string) => `${KEY_PREFIX}node:${nodeId}`;
const aliveKey = (nodeId: string) => `${KEY_PREFIX}alive:${nodeId}`;

/** Sum of a user's counts over every registered node (Lua helper). */
const LUA_TOTAL = `
local function total(uid)
  local sum = 0
  for _, n in ipairs(redis.call('SMEMBERS', KEYS[1])) do
    local c = redis.call('HGET', ARGV[1] .. 'node:' .. n, uid)
    if c then sum = sum + tonumber(c) end
  end
  return sum
end
`;

/** KEYS: nodes, own hash. ARGV: prefix, userId, nodeId, delta. Returns the user's new total. */
const LUA_CHANGE = `${LUA_TOTAL}
redis.call('SADD', KEYS[1], ARGV[3])
local c = redis.call('HINCRBY', KEYS[2], ARGV[2], tonumber(ARGV[4]))
if c <= 0 then redis.call('HDEL', KEYS[2], ARGV[2]) end
return total(ARGV[2])
`;

/** KEYS: nodes. ARGV: prefix, userIds… Returns each user's total, in order. */
const LUA_TOTALS = `${LUA_TOTAL}
local out = {}
for i = 2, #ARGV do out[#out + 1] = total(ARGV[i]) end
return out
`;

/** KEYS: nodes. ARGV: prefix. Unregisters the nodes whose heartbeat expired; returns their ids. */
const LUA_REAP = `
local dead = {}
for _, n in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[1] .. 'alive:' .. n) == 0 then
    redis.call('SREM', KEYS[1], n)
    redis.call('DEL', ARGV[1] .. 'node:' .. n)
    dead[#dead + 1] = n
  end
end
return dead
`;

/** KEYS: nodes, alive, own hash. ARGV: nodeId, ttlMs. Returns 1 if the node was not registered. */
const LUA_HEARTBEAT = `
redis.call('SET', KEYS[2], '1', 'PX', tonumber(ARGV[2]))
return redis.call('SADD', KEYS[1], ARGV[1])
`;

export interface RedisStore extends PresenceStore {
  nodeId: string;
  /** Renews the heartbeat; re-registers the node (and rewrites its counts) if it was reaped. */
  heartbeat(): Promise<void>;
  /** Unregisters the nodes whose heartbeat expired; returns their ids. */
  reap(): Promise<string[]>;
  /** Each user's socket total over all live nodes. */
  totals(ids: string[]): Promise<Map<string, number>>;
  /** Removes this node from Redis (on shutdown). */
  unregister(): Promise<void>;
  /** The users with a socket on this node. */
  localUsers(): string[];
  /** Whether this node holds a socket of the user now. */
  holds(userId: string): boolean;
}

export function redisStore(client: RedisClient, ttlMs: number): RedisStore {
  const nodeId = crypto.randomUUID();
  const local = memoryStore();
  const change = async (userId: string, delta: 1 | -1) =>
    Number(
      await client.eval(LUA_CHANGE, {
        keys: [NODES_KEY, nodeKey(nodeId)],
        arguments: [KEY_PREFIX, userId, nodeId, String(delta)],
      }),
    );
  return {
    nodeId,
    async add(userId) {
      await local.add(userId);
      return (await change(userId, 1)) === 1;
    },
    async remove(userId) {
      await local.remove(userId);
      return (await change(userId, -1)) <= 0;
    },
    async heartbeat() {
      const added = Number(
        await client.eval(LUA_HEARTBEAT, {
          keys: [NODES_KEY, aliveKey(nodeId), nodeKey(nodeId)],
          arguments: [nodeId, String(ttlMs)],
        }),
      );
      // Reaped while it was unreachable (or Redis lost its data): put this node's sockets back.
      if (added === 1 && local.counts.size > 0) {
        const entries = [...local.counts].map(([id, n]) => [id, String(n)] as [string, string]);
        await client.hSet(nodeKey(nodeId), Object.fromEntries(entries));
      }
    },
    async reap() {
      return (await client.eval(LUA_REAP, {
        keys: [NODES_KEY],
        arguments: [KEY_PREFIX],
      })) as string[];
    },
    async totals(ids) {
      const out = new Map<string, number>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const values = (await client.eval(LUA_TOTALS, {
          keys: [NODES_KEY],
          arguments: [KEY_PREFIX, ...chunk],
        })) as number[];
        chunk.forEach((id, j) => out.set(id, values[j] ?? 0));
      }
      return out;
    },
    localUsers: () => [...local.counts.keys()],
    holds: (userId) => (local.counts.get(userId) ?? 0) > 0,
    async unregister() {
      await client.sRem(NODES_KEY, nodeId);
      await client.del([nodeKey(nodeId), aliveKey(nodeId)]);
    },
  };
}

// ---- database writes ----

interface PendingWrite {
  userId: string;
  online: boolean;
  resolve: (p: UserPresence | null) => void;
  reject: (err: unknown) => void;
}

/**
 * Batches online/offline writes: all the writes asked for in one tick become at most two
 * UPDATEs. Going online always stamps last_seen_at; going offline only if the user was online.
 * Resolves with the change to push (null when nothing changed).
 */
function writeBatcher(db: Db) {
  let queue: PendingWrite[] = [];
  const flush = async () => {
    const batch = queue;
    queue = [];
    for (const online of [true, false]) {
      const items = batch.filter((w) => w.online === online);
      if (items.length === 0) continue;
      try {
        const ids = items.map((w) => w.userId);
        const rows = await db
          .update(user)
          .set({ online, lastSeenAt: sql`now()` })
          .where(online ? inArray(user.id, ids) : and(inArray(user.id, ids), eq(user.online, true)))
          .returning({ id: user.id, lastSeenAt: user.lastSeenAt });
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const w of items) {
          const row = byId.get(w.userId);
          w.resolve(row ? toPresence(row.id, online, row.lastSeenAt) : null);
        }
      } catch (err) {
        for (const w of items) w.reject(err);
      }
    }
  };
  return (userId: string, online: boolean) =>
    new Promise<UserPresence | null>((resolve, reject) => {
      if (queue.length === 0) setImmediate(() => void flush());
      queue.push({ userId, online, resolve, reject });
    });
}

// ---- the service ----

/**
 * Presence for the live plugin's Socket.IO server: call once right after creating `io`. Registers
 * the connection handler, `app.presence`, and the hooks that connect Redis (adapter + store) when
 * the app gets ready and close everything after the sockets are gone.
 */
export function createPresence(app: FastifyInstance, io: LiveServer): Presence {
  const { config, database } = app.deps;
  const log = app.log.child({ module: 'presence' });
  const db = database.db;
  const write = writeBatcher(db);
  const memory = memoryStore();
  let store: PresenceStore = memory;
  let redis: RedisConnections | null = null;
  let redisPresence: RedisStore | null = null;
  const timers: NodeJS.Timeout[] = [];
  /** Per user: the tail of this node's work for them (keeps their writes in order). */
  const chains = new Map<string, Promise<void>>();
  let stopping = false;

  const push = (p: UserPresence | null) => {
    if (p) io.to(presenceRoom(p.userId)).emit('presence:changed', p);
  };

  const enqueue = (userId: string, work: () => Promise<void>) => {
    const prev = chains.get(userId) ?? Promise.resolve();
    const next = prev
      .then(work)
      .catch((err: unknown) => log.error({ err, userId }, 'presence: update failed'))
      .finally(() => {
        if (chains.get(userId) === next) chains.delete(userId);
      });
    chains.set(userId, next);
  };

  const connected = (userId: string) =>
    enqueue(userId, async () => {
      if (await store.add(userId)) push(await write(userId, true));
    });
  const disconnected = (userId: string) =>
    enqueue(userId, async () => {
      if (await store.remove(userId)) push(await write(userId, false));
    });

  // Shared by every socket (Socket.IO calls a listener with the socket as `this`): a listener
  // made per socket would stay for its life (memory per socket, docs/performance.md).
  function onDisconnect(this: LiveServerSocket) {
    disconnected(this.data.userId);
  }
  // The users this tab shows: their presence is public to users with access (who alone have
  // sockets), so any well-formed list is accepted; it replaces the previous one.
  function onWatch(this: LiveServerSocket, ids: unknown) {
    if (!Array.isArray(ids) || ids.length > presenceWatchLimit) return;
    const wanted = new Set(
      ids.filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 100),
    );
    const added = [...wanted].filter((id) => !this.rooms.has(presenceRoom(id)));
    for (const room of this.rooms) {
      if (room.startsWith('presence:') && !wanted.has(room.slice('presence:'.length))) {
        void this.leave(room);
      }
    }
    void this.join(added.map(presenceRoom));
    if (added.length === 0) return;
    // Joined first, then read: whatever the tab fetched before watching, it now has the
    // current state, and every later change reaches it through the rooms.
    presence
      .read(added)
      .then((list) => {
        for (const p of list) this.emit('presence:changed', p);
      })
      .catch((err: unknown) => log.error({ err }, 'presence: reading watched users failed'));
  }

  io.on('connection', (socket) => {
    // A limited socket (a user without access, plugin.ts) is not presence: the user is not shown
    // online, and the socket may watch no one.
    if (socket.data.limited) return;
    connected(socket.data.userId);
    socket.on('disconnect', onDisconnect);
    socket.on('presence:watch', onWatch);
  });

  /** Users the database says are online but with no socket on any live node → offline. */
  const reconcile = async (r: RedisStore) => {
    const rows = await queryRows<{ id: string; seen: string | null }>(
      db,
      sql`select id, last_seen_at::text as seen from "user" where online`,
    );
    if (rows.length === 0) return;
    const totals = await r.totals(rows.map((row) => row.id));
    for (const row of rows) {
      if ((totals.get(row.id) ?? 0) > 0) continue;
      // Unchanged since read (a reconnection meanwhile stamps last_seen_at): mark it offline.
      const [changed] = await queryRows<{ id: string; last_seen_at: string }>(
        db,
        sql`update "user" set online = false, last_seen_at = now()
            where id = ${row.id} and online and last_seen_at::text is not distinct from ${row.seen}
            returning id, last_seen_at`,
      );
      if (changed) push(toPresence(changed.id, false, changed.last_seen_at));
    }
  };

  /**
   * Users with a socket on this node whom the database shows offline (a sweep that ran while this
   * node could not renew its heartbeat, or writes of two nodes that crossed): online again,
   * checked in the user's queue so a disconnect in between is not overtaken.
   */
  const reassert = async (r: RedisStore) => {
    const ids = r.localUsers();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .where(and(inArray(user.id, ids.slice(i, i + 500)), eq(user.online, false)));
      for (const { id } of rows) {
        enqueue(id, async () => {
          if (!r.holds(id)) return;
          const [row] = await db
            .update(user)
            .set({ online: true, lastSeenAt: sql`now()` })
            .where(and(eq(user.id, id), eq(user.online, false)))
            .returning({ id: user.id, lastSeenAt: user.lastSeenAt });
          if (row) push(toPresence(row.id, true, row.lastSeenAt));
        });
      }
    }
  };

  let sweeping: Promise<void> | undefined;
  const sweep = (): Promise<void> => {
    const r = redisPresence;
    if (!r || stopping) return Promise.resolve();
    sweeping ??= (async () => {
      const dead = await r.reap();
      if (dead.length > 0) {
        log.warn({ nodes: dead }, 'presence: nodes stopped answering; their sockets are gone');
      }
      await reconcile(r);
      await reassert(r);
    })().finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  };

  app.addHook('onReady', async () => {
    if (!config.REDIS_URL) {
      // The only process: online flags left by a process that died are stale.
      const rows = await db
        .update(user)
        .set({ online: false, lastSeenAt: sql`now()` })
        .where(eq(user.online, true))
        .returning({ id: user.id });
      if (rows.length > 0) log.info({ users: rows.length }, 'presence: cleared stale online flags');
      return;
    }
    redis = await connectRedis(config.REDIS_URL, log);
    const { createAdapter } = await import('@socket.io/redis-adapter');
    io.adapter(createAdapter(redis.pub, redis.sub));
    redisPresence = redisStore(redis.pub, config.PRESENCE_NODE_TTL_MS);
    store = redisPresence;
    await redisPresence.heartbeat();
    await sweep();
    const every = (ms: number, fn: () => Promise<void>, what: string) => {
      const timer = setInterval(() => {
        fn().catch((err: unknown) => log.warn({ err }, `presence: ${what} failed`));
      }, ms);
      timer.unref();
      timers.push(timer);
    };
    const r = redisPresence;
    every(config.PRESENCE_HEARTBEAT_MS, () => r.heartbeat(), 'heartbeat');
    every(config.PRESENCE_SWEEP_MS, sweep, 'sweep');
    log.info(
      { redis: redisLocation(config.REDIS_URL), nodeId: r.nodeId },
      'live: Socket.IO Redis adapter and presence in Redis',
    );
  });

  // Registered before the live plugin's own onClose, so it runs after it (Fastify runs onClose
  // hooks last-registered first): the sockets are closed by then and their disconnects queued.
  app.addHook('onClose', async () => {
    stopping = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all([...chains.values(), sweeping?.catch(() => undefined)]);
    if (redisPresence) {
      try {
        await redisPresence.unregister();
      } catch (err) {
        log.warn({ err }, 'presence: could not unregister this node from Redis');
      }
    }
    await redis?.close();
  });

  const presence: Presence = {
    async read(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: user.id,
          roles: user.roles,
          online: user.online,
          lastSeenAt: user.lastSeenAt,
        })
        .from(user)
        .where(inArray(user.id, ids));
      return rows
        .filter((r) => hasAccess(r.roles) || isBanned(r.roles))
        .map((r) => toPresence(r.id, r.online, r.lastSeenAt));
    },
    sweep,
    // eslint-disable-next-line no-restricted-syntax -- one object per node, made once at start
    get nodeId() {
      return redisPresence?.nodeId ?? null;
    },
  };
  app.decorate('presence', presence);
  return presence;
}
