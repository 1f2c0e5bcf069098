/** POST /api/client-errors (anyone, rate-limited per IP): the web app's unhandled errors, logged. */
import type { FastifyInstance } from 'fastify';
import { clientErrorSchema } from '@atelier/shared';
import { limitPerIp } from '../../lib/rate-limit.ts';

export function clientErrorRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  app.post(
    '/api/client-errors',
    { preHandler: limitPerIp('clientErrorIp') },
    async (request, reply) => {
      const report = clientErrorSchema.parse(request.body);
      request.log.warn(
        { clientError: report, ip: request.ip, userAgent: request.headers['user-agent'] },
        'client error',
      );
      return reply.status(204).send();
    },
  );
  done();
}
