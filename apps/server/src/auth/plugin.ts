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

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    mailer: Mailer;
    /** Announces every session Better Auth deletes (the live plugin closes its sockets). */
    sessionEnds: SessionEnds;
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

  await app.register((scope, _options, done) => {
    authBridge(scope, config, done);
  });
  await app.register(registerRoutes);
}

export default fp(authPlugin, { name: 'atelier-auth' });
