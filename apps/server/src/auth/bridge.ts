/**
 * Better Auth inside Fastify: a catch-all route under /api/auth turns the Fastify request into a
 * Web Request (with the client IP in x-forwarded-for), lets Better Auth answer, and copies the
 * status, every header (all Set-Cookie values) and the body back. Error bodies `{code, message}`
 * become `{ error: { code: 'errors.auth.<CODE>', message } }`.
 *
 * Better Auth's own rate limiter is off: before it sees a sign-in, a reset or verification mail
 * request or a password change, the bridge counts it in our limiter (lib/rate-limit.ts) per
 * client IP and, where the body names one, per normalised e-mail address.
 */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiError, RateLimitClass } from '@atelier/shared';
import type { Config } from '../config.ts';
import { localizedError } from '../lib/error-messages.ts';
import { normaliseEmail } from '../lib/rate-limit.ts';

/** The request's headers for Better Auth, with x-forwarded-for set to the client IP Fastify saw. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Our error body for a Better Auth error response (or a thrown APIError's body). */
export function authErrorBody(status: number, body: unknown): ApiError {
  const { code, message } = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const text = typeof message === 'string' && message ? message : undefined;
  // A common new password (auth.ts hook) is refused with the field error sign-up gives.
  if (code === 'PASSWORD_COMMON')
    return {
      error: {
        code: 'errors.validation',
        message: text ?? 'Invalid input',
        fields: { newPassword: 'errors.passwordCommon' },
      },
    };
  if (status === 429)
    return { error: { code: 'errors.rateLimited', message: text ?? 'Too many requests' } };
  // A bare HTTP status name (BAD_REQUEST, UNAUTHORIZED…) says no more than the status: our generic codes.
  if (typeof code === 'string' && httpStatusNames.has(code)) return genericAuthError(status, text);
  if (typeof code === 'string' && code)
    return { error: { code: `errors.auth.${code}`, message: text ?? code } };
  return genericAuthError(status, text);
}

const httpStatusNames = new Set([
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE_ENTITY',
  'INTERNAL_SERVER_ERROR',
]);

function genericAuthError(status: number, text: string | undefined): ApiError {
  if (status === 401)
    return { error: { code: 'errors.unauthorized', message: text ?? 'Unauthorized' } };
  if (status === 403) return { error: { code: 'errors.forbidden', message: text ?? 'Forbidden' } };
  if (status === 404) return { error: { code: 'errors.notFound', message: 'Not found' } };
  if (status >= 500) return { error: { code: 'errors.server', message: 'Internal error' } };
  return { error: { code: 'errors.badRequest', message: text ?? 'Bad request' } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The limits of each rate-limited Better Auth path: [per IP, per e-mail address of the body]. */
export const authPathLimits: Record<string, [RateLimitClass, RateLimitClass | null]> = {
  '/sign-in/email': ['signInIp', 'signInEmail'],
  '/request-password-reset': ['mailIp', 'resetEmail'],
  '/forget-password': ['mailIp', 'resetEmail'],
  '/send-verification-email': ['mailIp', 'verifyEmail'],
  '/reset-password': ['passwordIp', null],
  '/change-password': ['passwordIp', null],
};

/** The Better Auth path of a URL under /api/auth, as its router matches it (no trailing slash). */
function authPath(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  return pathname
    .slice('/api/auth'.length)
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
}

async function applyLimits(request: FastifyRequest, body: unknown): Promise<void> {
  const limits = authPathLimits[authPath(request.url)];
  if (!limits || request.method !== 'POST') return;
  const [perIp, perEmail] = limits;
  const { rateLimiter } = request.server;
  await rateLimiter.check(perIp, `ip:${request.ip}`);
  if (!perEmail || !Buffer.isBuffer(body)) return;
  const json = parseJson(body.toString('utf8'));
  const email =
    typeof json === 'object' && json !== null && 'email' in json ? json.email : undefined;
  if (typeof email === 'string' && email.trim())
    await rateLimiter.check(perEmail, `email:${normaliseEmail(email)}`);
}

export function authBridge(app: FastifyInstance, config: Config, done: () => void) {
  // Better Auth reads the body itself: hand it the raw bytes, whatever the content type
  // (it accepts JSON only and says so), and an empty body too.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const body = request.body;
      await applyLimits(request, body);
      const webRequest = new Request(new URL(request.url, config.baseUrl), {
        method: request.method,
        headers: authHeaders(request),
        body:
          request.method === 'POST' && Buffer.isBuffer(body) && body.length > 0
            ? new Uint8Array(body)
            : undefined,
      });
      const response = await request.server.auth.handler(webRequest);
      void reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
      });
      for (const cookie of response.headers.getSetCookie()) void reply.header('set-cookie', cookie);
      const text = await response.text();
      if (response.status >= 400) {
        if (response.status >= 500)
          request.log.error({ status: response.status, body: text }, 'auth error');
        return reply
          .type('application/json; charset=utf-8')
          .send(localizedError(request, authErrorBody(response.status, parseJson(text))));
      }
      return reply.send(text);
    },
  });
  done();
}
