/**
 * Presence: the handler of `routes.presence` (packages/shared/src/routes/presence.ts). The web
 * asks it for the users it shows, then follows `presence:changed` on the socket
 * (apps/server/src/live/presence.ts).
 */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';

export function presenceRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  registerRoute(app, routes.presence.list, ({ query }) => app.presence.read(query.ids));
  done();
}
