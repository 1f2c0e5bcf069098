/** What counts as a request that changes state, for the hooks that act after one. */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The HTTP methods that change state. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request under `/api/` that succeeded and may have changed state: a write, or a Better Auth
 * call (`/api/auth/…`) that `authCall` counts — some change a user with a GET (verifying an
 * address). Without `authCall`, writes only.
 */
export function succeededChange(
  request: FastifyRequest,
  reply: FastifyReply,
  authCall?: (url: string) => boolean,
): boolean {
  if (reply.statusCode >= 400 || !request.url.startsWith('/api/')) return false;
  if (WRITE_METHODS.has(request.method)) return true;
  return authCall !== undefined && request.url.startsWith('/api/auth/') && authCall(request.url);
}
