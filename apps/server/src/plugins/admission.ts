/**
 * Admission control: every /api request except /api/health uses the database (the session lookup
 * at least), so at most DB_ACTIVE_MAX of them run at once; DB_QUEUE_MAX more may wait, each at
 * most DB_QUEUE_TIMEOUT_MS. Beyond that the request is refused before any query with 503
 * `errors.overloaded` and `Retry-After` (lib/overload.ts), instead of piling up on the pg pool
 * (whose wait timeout was a 500) or on PGlite's single connection (minute-long waits).
 *
 * The gate counts requests, not queries: a request's transaction keeps using its own handle and
 * never waits on the gate inside it. The domain-event dispatcher and socket handshakes are not
 * requests and do not pass the gate (on PostgreSQL the pool keeps spare connections for them).
 *
 * A slot is released as soon as the reply is being sent (onSend: the handler is done with the
 * database), or at the latest when the response ended or the client went away.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AdmissionGate, type Release } from '../lib/overload.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database admission gate of /api requests. */
    admission: AdmissionGate;
  }
}

const kRelease = Symbol('admission.release');
type Admitted = FastifyRequest & { [kRelease]?: Release };

/**
 * /api requests use the database; the health check (one cheap query) does not wait, nor does
 * anything outside /api (the web app, /media files). Nor does an upload (POST /api/media): it
 * streams its body and processes the file inside its handler, for seconds, with three short
 * queries around that — holding a slot meanwhile would let ten slow uploads shut everyone out.
 */
export function needsAdmission(method: string, url: string): boolean {
  if (!url.startsWith('/api/')) return false;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (path === '/api/health' || path.startsWith('/api/health/')) return false;
  return !(method === 'POST' && path === '/api/media');
}

export function registerAdmission(
  app: FastifyInstance,
  config: Pick<Config, 'DB_ACTIVE_MAX' | 'DB_QUEUE_MAX' | 'DB_QUEUE_TIMEOUT_MS'>,
): AdmissionGate {
  const gate = new AdmissionGate({
    maxActive: config.DB_ACTIVE_MAX,
    maxQueue: config.DB_QUEUE_MAX,
    timeoutMs: config.DB_QUEUE_TIMEOUT_MS,
  });
  app.decorate('admission', gate);

  const release = (request: FastifyRequest) => {
    const admitted = request as Admitted;
    const done = admitted[kRelease];
    if (!done) return;
    admitted[kRelease] = undefined;
    done();
  };

  // After the body is read (a slow client sending its body holds no slot), before the route's
  // own preHandlers (the session lookup is the first query).
  // A callback hook: with a slot free (the usual case) the request goes on without a promise.
  const observeWait = (seconds: number) => {
    if (app.hasDecorator('metrics')) app.metrics.admissionWait.observe(seconds);
  };
  app.addHook('preValidation', (request, _reply, done) => {
    if (!needsAdmission(request.method, request.url)) {
      done();
      return;
    }
    const free = gate.tryAcquire();
    if (free) {
      (request as Admitted)[kRelease] = free;
      observeWait(0);
      done();
      return;
    }
    // Refused: the OverloadedError goes to the error handler (503 + Retry-After).
    const started = performance.now();
    gate.acquire().then(
      (slot) => {
        (request as Admitted)[kRelease] = slot;
        observeWait((performance.now() - started) / 1000);
        done();
      },
      (err: unknown) => done(err as Error),
    );
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    release(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    release(request);
    done();
  });
  return gate;
}
