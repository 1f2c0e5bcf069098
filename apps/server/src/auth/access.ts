/**
 * Access states on the server, the same as the shared guard (`accessState`): every route
 * declares its level with `requireAccess(level)` as a preHandler, and handlers read the signed-in
 * user with `viewerOf(request)`.
 *
 *   anonymous → 401 errors.unauthorized      unverified → 403 errors.emailNotVerified
 *   banned    → 403 errors.banned            no access  → 403 errors.noAccess
 *   not a moderator on a moderator route → 403 errors.moderatorOnly
 */
import { eq } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { accessState, hasAccess, isBanned, isModerator, type AccessState } from '@atelier/shared';
import { user, type UserRow } from '../db/schema/index.ts';
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

/** The session's user, fresh from the database (roles may have changed since sign-in). */
export async function loadViewer(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Viewer | null> {
  if (request.viewer !== undefined) return request.viewer;
  const { auth, deps } = request.server;
  const { headers, response } = await auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
  });
  // A session close to expiry is extended; pass the refreshed cookie on.
  for (const cookie of headers.getSetCookie()) void reply.header('set-cookie', cookie);
  let viewer: Viewer | null = null;
  if (response) {
    const [row] = await deps.database.db.select().from(user).where(eq(user.id, response.user.id));
    if (row) viewer = { user: row, sessionId: response.session.id, state: stateOf(row) };
  }
  request.viewer = viewer;
  return viewer;
}

export function requireAccess(
  level: AccessLevel,
  options: { allowBanned?: boolean } = {},
): preHandlerAsyncHookHandler {
  const allowed = options.allowBanned ? [...allowedStates[level], 'banned'] : allowedStates[level];
  return async function checkAccess(request, reply) {
    const viewer = await loadViewer(request, reply);
    const state = viewer?.state ?? 'anonymous';
    if (!allowed.includes(state)) throw refusal[state]();
  };
}

/** The signed-in user of a route guarded by `requireAccess`. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
