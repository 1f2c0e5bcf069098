/**
 * Access states on the server, the same as the shared guard (`accessState`): every route
 * declares its level with `requireAccess(level)` as a preHandler, and handlers read the signed-in
 * user with `viewerOf(request)`.
 *
 *   anonymous → 401 errors.unauthorized      unverified → 403 errors.emailNotVerified
 *   banned    → 403 errors.banned            no access  → 403 errors.noAccess
 *   not a moderator on a moderator route → 403 errors.moderatorOnly
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { BetterAuthOptions } from 'better-auth';
import { fromNodeHeaders } from 'better-auth/node';
import { parseCookies } from 'better-call';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { accessState, hasAccess, isBanned, isModerator, type AccessState } from '@atelier/shared';
import { session, user, type UserRow } from '../db/schema/index.ts';
import { tokenHash } from './session-cache.ts';
import { AppError, unauthorized } from '../lib/errors.ts';

export interface Viewer {
  user: UserRow;
  sessionId: string;
  state: AccessState;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Loaded by `requireAccess`; null when signed out. */
    viewer?: Viewer | null;
  }
}

/**
 * - signedIn: any signed-in user, verified or not (banned only with `allowBanned`)
 * - verified: a verified user, with or without access, not banned
 * - member: a user with access (member, probation-X, advanced-X, moderator), not banned
 * - moderator: a moderator, not banned
 */
export type AccessLevel = 'signedIn' | 'verified' | 'member' | 'moderator';

const allowedStates: Record<AccessLevel, readonly AccessState[]> = {
  signedIn: ['unverified', 'noAccess', 'member', 'moderator'],
  verified: ['noAccess', 'member', 'moderator'],
  member: ['member', 'moderator'],
  moderator: ['moderator'],
};

const refusal: Record<AccessState, () => AppError> = {
  anonymous: unauthorized,
  unverified: () => new AppError(403, 'errors.emailNotVerified'),
  banned: () => new AppError(403, 'errors.banned'),
  noAccess: () => new AppError(403, 'errors.noAccess'),
  member: () => new AppError(403, 'errors.moderatorOnly'),
  moderator: () => new AppError(403, 'errors.forbidden'),
};

export function stateOf(row: Pick<UserRow, 'emailVerified' | 'roles'>): AccessState {
  return accessState(
    { emailVerified: row.emailVerified },
    {
      isBanned: isBanned(row.roles),
      hasAccess: hasAccess(row.roles),
      isModerator: isModerator(row.roles),
    },
  );
}

export interface ResolvedSession {
  user: UserRow;
  sessionId: string;
  /** The session's expiry (ms since the epoch). */
  expiresAt: number;
}

export interface ResolveOptions {
  /** Extend a session close to expiry (a socket cannot carry the refreshed cookie back). */
  refresh?: boolean;
  /** Skip the cache (and do not fill it): the database decides. */
  fresh?: boolean;
  /**
   * `false`: read the cache but do not fill it on a miss (a socket's handshake, which reads its
   * user again anyway: thousands of sockets opening would otherwise fill it with entries that no
   * request reads).
   */
  fill?: boolean;
  /** Receives the Set-Cookie headers of a refresh or of a dead session's cleanup. */
  setCookie?: (cookie: string) => void;
}

/**
 * The session cookie's token when its signature holds: Better Auth signs `token` as
 * `token.base64(HMAC-SHA256(secret, token))` (better-call's signCookieValue). Checked here with
 * node:crypto in one synchronous call: WebCrypto's import of the key and its sign, on every
 * request, cost about a sixth of a cached read's CPU.
 */
export function signedSessionToken(
  cookieHeader: string | undefined,
  name: string,
  secret: string,
): string | null {
  if (!cookieHeader) return null;
  const value = parseCookies(cookieHeader).get(name);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const sent = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? token : null;
}

/** What a Cookie header says about the session: its verified token and the token's cache key. */
interface CookieFacts {
  /** The session token when the signed cookie holds (else null). */
  token: string | null;
  /** `tokenHash(token)`: the session cache's key. */
  key: string | null;
  /** Better Auth's "don't remember me" cookie is set (the session is never refreshed). */
  dontRemember: boolean;
}

/**
 * Cookie header → its facts, per secret and cookie names: a client sends the same header with
 * every request, and parsing it twice, an HMAC and a SHA-256 per request were about a tenth of a
 * cached read's CPU. The answer is a pure function of the header (the secret and the names are
 * fixed), so keeping it changes nothing; bounded (emptied when full), long headers not kept.
 */
const COOKIE_FACTS_MAX = 2_000;
const COOKIE_HEADER_MAX = 4_096;

interface CookieContext {
  secret: string;
  authCookies: { sessionToken: { name: string }; dontRememberToken: { name: string } };
}
/** Per Better Auth context (one per app: its secret and cookie names). */
const cookieFactsOf = new WeakMap<CookieContext, Map<string, CookieFacts>>();

export function cookieFacts(cookieHeader: string, context: CookieContext): CookieFacts {
  let known = cookieFactsOf.get(context);
  if (!known) {
    known = new Map();
    cookieFactsOf.set(context, known);
  }
  const hit = known.get(cookieHeader);
  if (hit) return hit;
  const { authCookies, secret } = context;
  const token = signedSessionToken(cookieHeader, authCookies.sessionToken.name, secret);
  const facts: CookieFacts = {
    token,
    key: token === null ? null : tokenHash(token),
    dontRemember: parseCookies(cookieHeader).has(authCookies.dontRememberToken.name),
  };
  if (cookieHeader.length <= COOKIE_HEADER_MAX) {
    if (known.size >= COOKIE_FACTS_MAX) known.clear();
    known.set(cookieHeader, facts);
  }
  return facts;
}

/**
 * The signed-in session of these headers and its user: Better Auth's signed session cookie,
 * verified here, then one statement (session joined with its user, expiry checked in SQL), none
 * on a cache hit (session-cache.ts). Better Auth itself answers what is rarer: a bearer token, a
 * session due for its refresh (it extends it and sets the cookie), and a cookie whose session is
 * gone or expired (it deletes the row and the cookie).
 */
type AuthContext = Awaited<FastifyInstance['auth']['$context']>;
/** Better Auth's context once resolved (it never changes): a cache hit needs no await for it. */
const contexts = new WeakMap<FastifyInstance['auth'], AuthContext>();

async function authContextOf(app: FastifyInstance): Promise<AuthContext> {
  const known = contexts.get(app.auth);
  if (known) return known;
  const context = await app.auth.$context;
  contexts.set(app.auth, context);
  return context;
}

/** Whether a session of this expiry is due for Better Auth's refresh (`refreshes`: it may be). */
function refreshDue(context: AuthContext, refreshes: boolean, expiresAt: number): boolean {
  const { expiresIn, updateAge } = context.sessionConfig;
  return refreshes && expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now();
}

function refreshes(context: AuthContext, options: ResolveOptions, dontRemember: boolean): boolean {
  return (
    options.refresh !== false &&
    !(context.options as BetterAuthOptions).session?.disableSessionRefresh &&
    !dontRemember
  );
}

/**
 * `resolveSession` when the session cache answers at once (a cookie, a hit not due for its
 * refresh), without a promise; undefined when it would have to ask the database or Better Auth.
 */
export function cachedSessionOf(
  app: FastifyInstance,
  headers: IncomingHttpHeaders,
): ResolvedSession | undefined {
  const context = contexts.get(app.auth);
  if (!context || headers.authorization || !headers.cookie) return undefined;
  const { key, dontRemember } = cookieFacts(headers.cookie, context);
  if (!key) return undefined;
  const hit = app.sessionCache.get(key);
  if (!hit || refreshDue(context, refreshes(context, {}, dontRemember), hit.expiresAt)) {
    return undefined;
  }
  return hit;
}

export async function resolveSession(
  app: FastifyInstance,
  headers: IncomingHttpHeaders,
  options: ResolveOptions = {},
): Promise<ResolvedSession | null> {
  const { sessionCache, deps } = app;
  const context = await authContextOf(app);
  if (headers.authorization) return resolveThroughBetterAuth(app, headers, options);
  if (!headers.cookie) return null;
  const { token, key, dontRemember } = cookieFacts(headers.cookie, context);
  if (!token || !key) return null;
  const mayRefresh = refreshes(context, options, dontRemember);

  if (!options.fresh) {
    const hit = sessionCache.get(key);
    if (hit && !refreshDue(context, mayRefresh, hit.expiresAt)) return hit;
  }
  const generation = sessionCache.generation();
  const [row] = await deps.database.db
    .select({ sessionId: session.id, expiresAt: session.expiresAt, user })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, token), gt(session.expiresAt, sql`now()`)));
  if (!row || refreshDue(context, mayRefresh, row.expiresAt.getTime())) {
    return resolveThroughBetterAuth(app, headers, options);
  }
  const resolved = { sessionId: row.sessionId, expiresAt: row.expiresAt.getTime(), user: row.user };
  if (!options.fresh && options.fill !== false) sessionCache.set(key, resolved, generation);
  return resolved;
}

/** Better Auth's own getSession (refresh, cleanup, bearer), then our user row. */
async function resolveThroughBetterAuth(
  app: FastifyInstance,
  headers: IncomingHttpHeaders,
  options: ResolveOptions,
): Promise<ResolvedSession | null> {
  const result = await app.auth.api.getSession({
    headers: fromNodeHeaders(headers),
    query: options.refresh === false ? { disableRefresh: true } : {},
    returnHeaders: true,
  });
  for (const cookie of result.headers.getSetCookie()) options.setCookie?.(cookie);
  if (!result.response) return null;
  const [row] = await app.deps.database.db
    .select()
    .from(user)
    .where(eq(user.id, result.response.user.id));
  if (!row) return null;
  return {
    user: row,
    sessionId: result.response.session.id,
    expiresAt: new Date(result.response.session.expiresAt).getTime(),
  };
}

/** The session's user, fresh from the database or the session cache (roles may have changed since sign-in). */
export async function loadViewer(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Viewer | null> {
  if (request.viewer !== undefined) return request.viewer;
  const resolved = await resolveSession(request.server, request.headers, {
    // A session close to expiry is extended; pass the refreshed cookie on.
    setCookie: (cookie) => void reply.header('set-cookie', cookie),
  });
  request.viewer = resolved ? viewerFrom(resolved) : null;
  return request.viewer;
}

function viewerFrom(resolved: ResolvedSession): Viewer {
  return { user: resolved.user, sessionId: resolved.sessionId, state: stateOf(resolved.user) };
}

export function requireAccess(
  level: AccessLevel,
  options: { allowBanned?: boolean } = {},
): preHandlerHookHandler {
  const allowed = options.allowBanned ? [...allowedStates[level], 'banned'] : allowedStates[level];
  const check = (viewer: Viewer | null): AppError | undefined => {
    const state = viewer?.state ?? 'anonymous';
    return allowed.includes(state) ? undefined : refusal[state]();
  };
  // A callback hook: a warm session (the cache answers at once) is checked without a promise.
  return function checkAccess(request, reply, done) {
    if (request.viewer === undefined) {
      const hit = cachedSessionOf(request.server, request.headers);
      if (hit) request.viewer = viewerFrom(hit);
    }
    if (request.viewer !== undefined) {
      done(check(request.viewer));
      return;
    }
    loadViewer(request, reply).then(
      (viewer) => done(check(viewer)),
      (err: unknown) => done(err as Error),
    );
  };
}

/** The signed-in user of a route guarded by `requireAccess`. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
