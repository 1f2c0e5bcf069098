import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './errors.ts';
import { RateLimitedError } from './rate-limit.ts';

/** Turns every error into `{ error: { code, message, fields? } }`. */
export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof RateLimitedError) {
    return reply
      .status(429)
      .header('retry-after', String(err.retryAfter))
      .send({ error: { code: err.code, message: err.message, retryAfter: err.retryAfter } });
  }
  if (err instanceof AppError) {
    return reply
      .status(err.status)
      .send({ error: { code: err.code, message: err.message, fields: err.fields } });
  }
  if (err instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of err.issues) {
      const key = issue.path.join('.') || '_';
      // Our schemas give translation keys; Zod's own messages (wrong type…) become errors.invalid.
      fields[key] ??= issue.message.startsWith('errors.') ? issue.message : 'errors.invalid';
    }
    return reply
      .status(400)
      .send({ error: { code: 'errors.validation', message: 'Invalid input', fields } });
  }
  if ((err as FastifyError).code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // No id, slug or name of ours is that long: the thing asked for does not exist.
    return reply.status(404).send({ error: { code: 'errors.notFound', message: 'Not found' } });
  }
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 500) req.log.error(err);
  const code =
    status === 429 ? 'errors.rateLimited' : status >= 500 ? 'errors.server' : 'errors.badRequest';
  return reply
    .status(status)
    .send({ error: { code, message: status >= 500 ? 'Internal error' : err.message } });
}
