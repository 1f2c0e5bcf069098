/**
 * Live plugin: one Socket.IO server on Fastify's HTTP server (path /socket.io), the domain event
 * dispatcher, and `app.live` ({ emitter, kick }).
 *
 * - Sockets authenticate from the session cookie (Better Auth) and must belong to a user with
 *   access who is not banned; each joins its own room `user:<id>` and the data rooms home, tags
 *   and status updates, all chosen by the server. A post's room is joined on `post:watch` after
 *   an access check (watch.ts).
 * - Browsers must connect from the site's origin (or TRUSTED_ORIGINS), as for every write to /api
 *   (lib/origin.ts).
 * - After every successful write request (its transaction has committed by then) the dispatcher
 *   is kicked; a sweep every 5 s covers events left by a crash.
 * - preClose disconnects every socket (graceful shutdown waits for no one); onClose stops the
 *   dispatcher before the database closes.
 */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { Server } from 'socket.io';
import { stateOf } from '../auth/access.ts';
import { allowedOrigins, checkOrigin } from '../lib/origin.ts';
import { user } from '../db/schema/index.ts';
import { createDispatcher, type Dispatcher } from './dispatcher.ts';
import { createPresence } from './presence.ts';
import { rooms, socketEmitter, type LiveEmitter, type LiveServer } from './emitter.ts';
import { handlePostWatch } from './watch.ts';

export interface Live {
  io: LiveServer;
  emitter: LiveEmitter;
  /** Dispatches pending domain events now (resolves once none is left). */
  kick: Dispatcher['kick'];
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function livePlugin(app: FastifyInstance, _options: unknown, done: () => void) {
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

  io.use((socket, next) => {
    void (async () => {
      const session = await app.auth.api.getSession({
        headers: fromNodeHeaders(socket.request.headers),
      });
      if (!session) return next(new Error('errors.unauthorized'));
      const [row] = await database.db.select().from(user).where(eq(user.id, session.user.id));
      if (!row) return next(new Error('errors.unauthorized'));
      const state = stateOf(row);
      if (state === 'banned') return next(new Error('errors.banned'));
      if (state !== 'member' && state !== 'moderator') return next(new Error('errors.noAccess'));
      socket.data.userId = row.id;
      await socket.join([rooms.user(row.id), rooms.home, rooms.tags, rooms.statusUpdates]);
      next();
    })().catch((err: unknown) => {
      app.log.error({ err }, 'live: socket authentication failed');
      next(new Error('errors.server'));
    });
  });

  io.on('connection', (socket) => {
    handlePostWatch(socket, database.db, (err) => {
      app.log.error({ err }, 'live: post:watch failed');
    });
  });

  const emitter = socketEmitter(io);
  const dispatcher = createDispatcher({
    db: database.db,
    emitter: () => emitter,
    log: app.log.child({ module: 'live' }),
  });

  app.decorate('live', { io, emitter, kick: () => dispatcher.kick() } satisfies Live);

  app.addHook('onResponse', (request, reply, hookDone) => {
    if (
      WRITE_METHODS.has(request.method) &&
      reply.statusCode < 400 &&
      request.url.startsWith('/api/')
    ) {
      void dispatcher.kick();
    }
    hookDone();
  });

  app.addHook('preClose', (hookDone) => {
    io.local.disconnectSockets(true);
    hookDone();
  });
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    // Closes the engine; its attempt to close the HTTP server again (Fastify did) is harmless.
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
  });
  done();
}

export default fp(livePlugin, { name: 'atelier-live', dependencies: ['atelier-auth'] });
