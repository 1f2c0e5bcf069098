/**
 * The auth plugin: the mailer (the mail outbox), the Better Auth instance (`app.auth`), the announcement of ended
 * sessions (`app.sessionEnds`), its bridge under /api/auth and our registration route.
 * Registered by app.ts after the security plugin.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../mail/outbox.ts';
import { createTransport } from '../mail/transport.ts';
import { createAuth, type Auth } from './auth.ts';
import { authBridge } from './bridge.ts';
import { registerRoutes } from './register.ts';
import { createSessionEnds, type SessionEnds } from './session-ends.ts';
import {
  createSessionCache,
  parseInvalidation,
  SESSION_CACHE_CHANNEL,
  type Invalidation,
  type SessionCache,
} from './session-cache.ts';
import { invalidateBeforeSend, invalidationChannel } from '../lib/invalidations.ts';
import { succeededChange } from '../lib/writes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    mailer: Mailer;
    /** Announces every session Better Auth deletes (the live plugin closes its sockets). */
    sessionEnds: SessionEnds;
    /** Resolved viewers (auth/access.ts, auth/session-cache.ts). */
    sessionCache: SessionCache;
    /** Drops cached viewers here and, with REDIS_URL, on every node (resolves once published). */
    invalidateSessions(invalidation: Invalidation): Promise<void>;
  }
}

async function authPlugin(app: FastifyInstance) {
  const { config, database } = app.deps;
  const mailLog = app.log.child({ module: 'mail' });
  const mailer = createMailer({
    db: database.db,
    transport: createTransport(config, mailLog),
    settings: config,
    log: mailLog,
  });
  app.decorate('mailer', mailer);
  const log = app.log.child({ module: 'auth' });
  const sessionEnds = createSessionEnds((err) => {
    log.error({ err }, 'auth: a session-end listener failed');
  });
  app.decorate('sessionEnds', sessionEnds);
  app.decorate('auth', createAuth({ config, db: database.db, mailer, log, sessionEnds }));
  // Before the database closes (main.ts closes it after the app): the delivery in flight ends.
  app.addHook('onClose', () => mailer.stop());

  const sessionCache = createSessionCache({ ttlMs: config.SESSION_CACHE_TTL_MS });
  const channel = invalidationChannel(
    app,
    config.REDIS_URL,
    log,
    SESSION_CACHE_CHANNEL,
    (message) => {
      const invalidation = parseInvalidation(message);
      if (invalidation) sessionCache.apply(invalidation);
    },
  );
  app.decorate('sessionCache', sessionCache);
  app.decorate('invalidateSessions', async (invalidation: Invalidation) => {
    sessionCache.apply(invalidation);
    await channel.publish(invalidation);
  });
  const reportFailure = (err: unknown) => {
    log.error({ err }, 'auth: publishing a session-cache invalidation failed');
  };
  // A session that ends leaves the cache everywhere (the live plugin closes its sockets).
  sessionEnds.listen((session) => {
    app.invalidateSessions({ kind: 'session', id: session.id }).catch(reportFailure);
  });
  // Any state-changing request that succeeded (and any Better Auth call, e.g. the GET that verifies
  // an address) may have changed a user's roles or profile: the cache is emptied on every node
  // before the answer leaves, so the next request anywhere reads the user afresh.
  app.addHook(
    'onSend',
    invalidateBeforeSend(
      (request, reply) =>
        succeededChange(request, reply, (url) => !url.startsWith('/api/auth/get-session')),
      () => app.invalidateSessions({ kind: 'all' }),
      reportFailure,
    ),
  );

  await app.register((scope, _options, done) => {
    authBridge(scope, config, done);
  });
  await app.register(registerRoutes);
}

export default fp(authPlugin, { name: 'atelier-auth' });
