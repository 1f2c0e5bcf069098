/** POST /api/client-errors (anyone, rate-limited per IP): the web app's unhandled errors, logged. */
import type { FastifyInstance } from 'fastify';
import { clientErrorSchema } from '@atelier/shared';

/** Reports a minute per IP. */
export const CLIENT_ERRORS_PER_MINUTE = 30;

export function clientErrorRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  app.post(
    '/api/client-errors',
    { config: { rateLimit: { max: CLIENT_ERRORS_PER_MINUTE, timeWindow: 60_000 } } },
    async (request, reply) => {
      const report = clientErrorSchema.parse(request.body);
      request.log.warn({ clientError: report, ip: request.ip, userAgent: request.headers['user-agent'] }, 'client error');
      return reply.status(204).send();
    },
  );
  done();
}
