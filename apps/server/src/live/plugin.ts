/**
 * Live plugin: one Socket.IO server on Fastify's HTTP server (path /socket.io), the domain event
 * dispatcher, and `app.live` ({ emitter, kick }).
 *
 * - Sockets authenticate from the session cookie (Better Auth) and must belong to a verified user;
 *   each joins its own room `user:<id>`. A user with access (not banned) also joins the data rooms
 *   home, tags and status updates, all chosen by the server; a post's room is joined on
 *   `post:watch` after an access check (watch.ts). A user without access (pending, rejected,
 *   banned) gets a *limited* socket: it joins nothing else, is not counted in presence and may
 *   watch nothing; it hears only what is sent to its user (`me:changed`, its own notifications),
 *   so approval, rejection, ban and unban reach the tab at once. The dispatcher closes a socket of
 *   the wrong kind after a change of access (dispatcher.ts); the tab then opens the right one.
 * - Browsers must connect from the site's origin (or TRUSTED_ORIGINS), as for every write to /api
 *   (lib/origin.ts).
 * - Sockets end with their session: when Better Auth deletes it (`app.sessionEnds`) its sockets
 *   are closed on every node (found in the user's room by `socket.data.sessionId`); at the
 *   session's expiry it is checked again (one timer per node).
 * - After every successful write request (its transaction has committed by then) the dispatcher
 *   is kicked; a sweep every 5 s covers events left by a crash.
 * - preClose disconnects every socket (graceful shutdown waits for no one); onClose stops the
 *   dispatcher before the database closes.
 */
import { and, eq, exists, sql } from 'drizzle-orm';
import type { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { WatchResult } from '@atelier/shared';
import { resolveSession, stateOf } from '../auth/access.ts';
import { allowedOrigins, checkOrigin } from '../lib/origin.ts';
import { domainEvents, session as sessionTable, user } from '../db/schema/index.ts';
import { queryRows } from '../lib/sql.ts';
import { succeededChange } from '../lib/writes.ts';
import { createDispatcher, type Dispatcher, type NotificationPresenter } from './dispatcher.ts';
import { notificationsKey, payloadPrefixesOf } from '../lib/payload-cache.ts';
import { createPresence } from './presence.ts';
import {
  rooms,
  socketEmitter,
  type LiveEmitter,
  type LiveServer,
  type LiveServerSocket,
} from './emitter.ts';
import { expiryWatch } from './expiry.ts';
import { postWatchListeners } from './watch.ts';

export interface Live {
  io: LiveServer;
  emitter: LiveEmitter;
  /** Dispatches pending domain events now (resolves once none is left). */
  kick: Dispatcher['kick'];
  /** Deletes dispatched events older than EVENTS_KEEP_DAYS now (the sweep does it too). */
  prune: Dispatcher['prune'];
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

export interface LiveOptions {
  /** The notifications feature's presenter (app.ts wires it in). */
  presentNotifications: NotificationPresenter;
}

type Listener = ((...args: unknown[]) => void) & { listener?: Listener };

/**
 * engine.io keeps two things of a WebSocket's upgrade for the connection's life, both holding
 * the upgrade request (and the response object it made for middlewares): a no-op `error`
 * listener on the WebSocket (the transport listens for errors itself), and a `close` listener
 * on the TCP socket that re-emits `close` on that response for middlewares, which this server
 * has none of. Both go once the socket is connected (about 1 KB of heap per socket). Polling
 * sockets have neither.
 */
function releaseUpgrade(socket: LiveServerSocket): void {
  const ws = (
    socket.conn.transport as unknown as { socket?: EventEmitter & { _socket?: EventEmitter } }
  ).socket;
  if (!ws) return;
  for (const listener of ws.listeners('error') as Listener[]) {
    if (listener.name === 'onUpgradeError') ws.removeListener('error', listener);
  }
  const tcp = ws._socket;
  if (!tcp) return;
  for (const raw of tcp.rawListeners('close') as Listener[]) {
    if (raw.listener && raw.listener.toString() === '() => this.emit("close")') {
      tcp.removeListener('close', raw.listener);
    }
  }
}

const noQuery = Object.freeze({});

/**
 * Of its handshake a connected socket needs only its credentials, which the expiry check sends
 * again: a browser's other headers (user agent, languages, WebSocket keys…), the URL, its query
 * and the time as text would stay for the socket's life (memory per socket).
 */
function slimHandshake(socket: LiveServerSocket): void {
  const { headers, address, xdomain, secure, issued } = socket.handshake;
  const { cookie, authorization } = headers;
  (socket as { handshake: LiveServerSocket['handshake'] }).handshake = {
    headers: {
      ...(cookie === undefined ? {} : { cookie }),
      ...(authorization === undefined ? {} : { authorization }),
    },
    address,
    xdomain,
    secure,
    issued,
    time: '',
    url: '',
    query: noQuery,
    auth: noQuery,
  };
}

function livePlugin(app: FastifyInstance, options: LiveOptions, done: () => void) {
  const { config, database } = app.deps;
  const allowed = allowedOrigins(config);

  const io: LiveServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // The handshake must come from the site's origin (or TRUSTED_ORIGINS), by the rule of every
    // state-changing /api request (lib/origin.ts), adapted to a GET: a same-origin polling GET
    // carries no Origin.
    allowRequest: (req, callback) => {
      callback(null, checkOrigin(req.headers, allowed, { handshake: true }) === 'allowed');
    },
  });
  // Presence (presence.ts): counts each socket, joins the `presence` room; Redis when configured.
  createPresence(app, io);

  /**
   * A socket does not outlive its session: at the session's expiry (expiry.ts: one timer for all
   * the node's sockets) the socket asks Better Auth again (without extending the session); a
   * session still valid (its expiry moved on since) files the socket again, a missing or expired
   * one closes it.
   */
  const expiries = expiryWatch<LiveServerSocket>((socket) => {
    void (async () => {
      if (!socket.connected) return;
      const current = await resolveSession(app, socket.handshake.headers, {
        refresh: false,
        fresh: true,
      });
      if (!socket.connected) return;
      if (!current || current.sessionId !== socket.data.sessionId) {
        socket.disconnect(true);
        return;
      }
      expiries.add(socket, current.expiresAt);
    })().catch((err: unknown) => {
      app.log.error({ err }, 'live: session check failed (socket closed)');
      socket.disconnect(true);
    });
  });
  // The listeners below are shared by every socket (Socket.IO calls them with the socket as
  // `this`): one made per socket would stay for its life (memory per socket). `on`, not `once`:
  // a socket disconnects once, and `once` wraps each listener.
  function unfileExpiry(this: LiveServerSocket) {
    expiries.remove(this);
  }
  function refuseWatch(_postId: string, ack: (result: WatchResult) => void) {
    // Nothing to watch without access (presence.ts ignores these sockets too).
    if (typeof ack === 'function') ack({ ok: false, error: 'errors.noAccess' });
  }
  const { watch, unwatch } = postWatchListeners(database.db, (err) => {
    app.log.error({ err }, 'live: post:watch failed');
  });

  io.use((socket, next) => {
    void (async () => {
      // Not extended by a socket (it cannot carry the refreshed cookie back): the expiry read
      // here is the one the timer below watches.
      const session = await resolveSession(app, socket.handshake.headers, {
        refresh: false,
        fill: false,
      });
      if (!session) return next(new Error('errors.unauthorized'));
      // The user's room first (a refused socket leaves its rooms). A session that ended since
      // getSession, or a change of access committed before the query below, is seen by it; one
      // after it finds this socket connected, by its session and kind in `socket.data`.
      await socket.join(rooms.user(session.user.id));
      const [row] = await database.db
        .select()
        .from(user)
        .where(
          and(
            eq(user.id, session.user.id),
            exists(
              database.db
                .select({ id: sessionTable.id })
                .from(sessionTable)
                .where(eq(sessionTable.id, session.sessionId)),
            ),
          ),
        );
      if (!row) return next(new Error('errors.unauthorized'));
      const state = stateOf(row);
      const limited = state === 'banned' || state === 'noAccess';
      if (!limited && state !== 'member' && state !== 'moderator') {
        return next(new Error('errors.noAccess'));
      }
      socket.data.userId = row.id;
      socket.data.sessionId = session.sessionId;
      socket.data.sessionExpiresAt = session.expiresAt;
      socket.data.limited = limited;
      socket.data.claimsModifiedTimestamp = row.claimsModifiedAt.toISOString();
      if (!limited) await socket.join([rooms.home, rooms.tags, rooms.statusUpdates]);
      next();
    })().catch((err: unknown) => {
      app.log.error({ err }, 'live: socket authentication failed');
      next(new Error('errors.server'));
    });
  });

  io.on('connection', (socket) => {
    // What a socket needs of the HTTP request that opened it is in `socket.handshake` (its
    // headers: the session cookie the expiry check sends again). The request itself (its raw
    // headers, parser and stream state) would stay referenced for the socket's life: Socket.IO's
    // memory-usage advice is to let it go (about 4 KB per socket).
    (socket.conn as { request: unknown }).request = null;
    releaseUpgrade(socket);
    slimHandshake(socket);
    expiries.add(socket, socket.data.sessionExpiresAt);
    socket.on('disconnect', unfileExpiry);
    // The greeting: a tab whose user predates this (a ban while it was connecting) refetches it.
    socket.emit('me:claims', { claimsModifiedTimestamp: socket.data.claimsModifiedTimestamp });
    if (socket.data.limited) {
      socket.on('post:watch', refuseWatch);
      return;
    }
    socket.on('post:watch', watch);
    socket.on('post:unwatch', unwatch);
  });

  const emitter = socketEmitter(io, {
    signalMs: config.LIVE_SIGNAL_MS,
    clustered: Boolean(config.REDIS_URL),
  });
  const dispatcher = createDispatcher({
    db: database.db,
    presentNotifications: options.presentNotifications,
    emitter: () => emitter,
    log: app.log.child({ module: 'live' }),
    retry: { maxAttempts: config.EVENTS_MAX_ATTEMPTS, baseMs: config.EVENTS_RETRY_BASE_MS },
    keepDays: config.EVENTS_KEEP_DAYS,
    metrics: app.metrics,
    mail: {
      baseUrl: config.baseUrl,
      queued: () => {
        void app.mailer.kick();
      },
    },
    onDispatched: (events, notified) => {
      // The lists of those who got a notification (lib/payload-cache.ts `notificationsKey`).
      const prefixes = new Set(notified.map(notificationsKey));
      let all = false;
      for (const event of events) {
        const touched = payloadPrefixesOf(event);
        if (touched === 'all') all = true;
        else for (const p of touched) prefixes.add(p);
      }
      if (!all && prefixes.size === 0) return;
      app
        .invalidatePayloads(all ? { kind: 'all' } : { kind: 'prefixes', prefixes: [...prefixes] })
        .catch((err: unknown) => {
          app.log.error({ err }, 'live: payload-cache invalidation failed');
        });
    },
    onUserChanged: (userId) => {
      app.invalidateSessions({ kind: 'user', id: userId }).catch((err: unknown) => {
        app.log.error({ err }, 'live: session-cache invalidation failed');
      });
    },
  });

  app.decorate('live', {
    io,
    emitter,
    kick: () => dispatcher.kick(),
    prune: () => dispatcher.prune(),
  } satisfies Live);

  // Metrics (lib/metrics.ts): this node's sockets, and the events waiting or given up.
  app.metrics.gauge(
    'sockets',
    'Socket.IO connections open on this node',
    () => io.of('/').sockets.size,
  );
  const eventCounts = async () => {
    const [row] = await queryRows<{ pending: string | number; parked: string | number }>(
      database.db,
      sql`select count(*) filter (where dispatched_at is null and parked_at is null) as pending,
                 count(*) filter (where parked_at is not null) as parked
          from ${domainEvents} where dispatched_at is null`,
    );
    return { pending: Number(row?.pending ?? 0), parked: Number(row?.parked ?? 0) };
  };
  app.metrics.gauge(
    'events_pending',
    'Domain events not dispatched yet (parked ones excluded)',
    async () => (await eventCounts().catch(() => undefined))?.pending,
  );
  app.metrics.gauge(
    'events_parked',
    'Domain events given up after EVENTS_MAX_ATTEMPTS failures',
    async () => (await eventCounts().catch(() => undefined))?.parked,
  );

  // A session that ends (sign-out, revocation, password change or reset) closes its sockets at
  // once, on every node (through the adapter).
  const stopListening = app.sessionEnds.listen((session) => {
    emitter.disconnectSession(session.userId, session.id);
  });

  app.addHook('onResponse', (request, reply, hookDone) => {
    if (succeededChange(request, reply)) void dispatcher.kick();
    hookDone();
  });

  app.addHook('preClose', (hookDone) => {
    io.local.disconnectSockets(true);
    hookDone();
  });
  app.addHook('onClose', async () => {
    stopListening();
    await dispatcher.stop();
    emitter.stop();
    expiries.stop();
    // Closes the engine; its attempt to close the HTTP server again (Fastify did) is harmless.
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
  });
  done();
}

export default fp(livePlugin, { name: 'atelier-live', dependencies: ['atelier-auth'] });
