/** The web app's unhandled errors, logged: the handler of `routes.clientErrors`. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';

export function clientErrorRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  registerRoute(app, routes.clientErrors.report, ({ body, request }) => {
    request.log.warn(
      { clientError: body, ip: request.ip, userAgent: request.headers['user-agent'] },
      'client error',
    );
  });
  done();
}
