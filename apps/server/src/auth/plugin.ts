/**
 * The auth plugin: the mailer, the Better Auth instance (`app.auth`), the announcement of ended
 * sessions (`app.sessionEnds`), its bridge under /api/auth and our registration route.
 * Registered by app.ts after the security plugin.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../mail/mailer.ts';
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
  const mailer = createMailer(config, app.log.child({ module: 'mail' }));
  app.decorate('mailer', mailer);
  const log = app.log.child({ module: 'auth' });
  const sessionEnds = createSessionEnds((err) => {
    log.error({ err }, 'auth: a session-end listener failed');
  });
  app.decorate('sessionEnds', sessionEnds);
  app.decorate('auth', createAuth({ config, db: database.db, mailer, log, sessionEnds }));
  app.addHook('onClose', () => mailer.close());

  await app.register((scope, _options, done) => {
    authBridge(scope, config, done);
  });
  await app.register(registerRoutes);
}

export default fp(authPlugin, { name: 'atelier-auth' });
