/**
 * PUT /api/auth/verify/:visitorId: the handler of `routes.visitors` (any signed-in user, banned
 * ones too: spotting a banned user's browser on another account is the point). No body. More
 * specific than the Better Auth catch-all under /api/auth, so Fastify routes it here.
 */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { recordVisitor } from './service.ts';

export function visitorRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  // The seed sends no body; accept an empty JSON body too.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!text.trim()) {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400 }), undefined);
    }
  });

  registerRoute(app, routes.visitors.record, ({ params, viewer }) =>
    recordVisitor(db, viewer.user.id, params.visitorId),
  );
  done();
}
