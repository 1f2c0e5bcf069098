/**
 * Request ids: an incoming `X-Request-Id` that is a sane token (1–64 characters of
 * `[A-Za-z0-9._-]`) is kept — a proxy's id ties its logs to ours — anything else gets a random
 * UUID. Fastify logs it with every line of the request (`reqId`); it is sent back in the
 * `X-Request-Id` response header and in error answers (`error.requestId`, lib/error-handler.ts).
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId` (with `requestIdHeader: false`, so that the header is checked here). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : crypto.randomUUID();
}

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
