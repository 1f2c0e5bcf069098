import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { badInputCode } from './db-errors.ts';
import { AppError } from './errors.ts';
import { errorMessage } from './error-messages.ts';
import { REQUEST_ID_HEADER } from '../plugins/request-id.ts';
import { overloadOf } from './overload.ts';
import { RateLimitedError } from './rate-limit.ts';

/**
 * Turns every error into `{ error: { code, message, fields?, requestId } }`: `message` is the
 * code's text in the request's language (lib/error-messages.ts), `requestId` the request's id
 * (also in the X-Request-Id header and in every log line of the request).
 */
export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  // Router-level errors reach this before the onRequest hook that sets it.
  void reply.header(REQUEST_ID_HEADER, req.id);
  const requestId = req.id;
  // A full admission queue, or the pg pool's wait timeout however wrapped: 503, never 500.
  const overloaded = overloadOf(err, retryAfterOf(req));
  if (overloaded) {
    if (overloaded !== err)
      req.log.warn({ err }, 'overloaded: no database connection came free in time');
    void reply.header('retry-after', String(overloaded.retryAfterSeconds));
    return reply.status(503).send({
      error: {
        code: overloaded.code,
        message: errorMessage(req, overloaded.code, overloaded.message),
        requestId,
      },
    });
  }
  if (err instanceof RateLimitedError) {
    return reply
      .status(429)
      .header('retry-after', String(err.retryAfter))
      .send({
        error: {
          code: err.code,
          message: errorMessage(req, err.code, err.message),
          retryAfter: err.retryAfter,
          requestId,
        },
      });
  }
  if (err instanceof AppError) {
    return reply.status(err.status).send({
      error: {
        code: err.code,
        message: errorMessage(req, err.code, err.message, err.fields),
        fields: err.fields,
        requestId,
      },
    });
  }
  if (err instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of err.issues) {
      const key = issue.path.join('.') || '_';
      // Our schemas give translation keys; Zod's own messages (wrong type…) become errors.invalid.
      fields[key] ??= issue.message.startsWith('errors.') ? issue.message : 'errors.invalid';
    }
    return reply.status(400).send({
      error: {
        code: 'errors.validation',
        message: errorMessage(req, 'errors.validation'),
        fields,
        requestId,
      },
    });
  }
  if ((err as FastifyError).code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // No id, slug or name of ours is that long: the thing asked for does not exist.
    return reply.status(404).send({
      error: { code: 'errors.notFound', message: errorMessage(req, 'errors.notFound'), requestId },
    });
  }
  const badInput = badInputCode(err);
  if (badInput) {
    // A check above the database should have caught it: keep a trace, answer as the input deserves.
    req.log.warn({ err }, 'bad input reached the database');
    return reply
      .status(400)
      .send({ error: { code: badInput, message: errorMessage(req, badInput), requestId } });
  }
  const given = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
  const status = given >= 400 && given <= 599 ? given : 500;
  if (status >= 500) req.log.error(err);
  const code =
    status === 429
      ? 'errors.rateLimited'
      : status === 404
        ? 'errors.notFound'
        : status === 413
          ? 'errors.tooLarge'
          : status >= 500
            ? 'errors.server'
            : 'errors.badRequest';
  return reply.status(status).send({
    error: {
      code,
      message: errorMessage(req, code, status >= 500 ? 'Internal error' : err.message),
      requestId,
    },
  });
}

/** Retry-After of a pool timeout: the configured queue wait, in seconds. */
const retryAfterOf = (req: FastifyRequest) =>
  Math.max(1, Math.ceil((req.server.deps?.config.DB_QUEUE_TIMEOUT_MS ?? 1000) / 1000));
