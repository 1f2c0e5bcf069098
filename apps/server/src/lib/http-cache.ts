/**
 * HTTP validation of answers that are the same for every viewer allowed to read them (the
 * sections, the tags, the OpenAPI document): an `ETag` (the cached payload's hash,
 * lib/payload-cache.ts) and `304 Not Modified` when the request's `If-None-Match` names it.
 * `Cache-Control: no-cache` (private for signed-in answers): the browser keeps the copy but asks
 * each time, so a change is seen at once and an unchanged answer costs no body.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Cached } from './payload-cache.ts';

/** Sets the validators; true when the client's copy is current (the reply is then a sent 304). */
export function notModified(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Pick<Cached<unknown>, 'etag'>,
  { shared = false }: { shared?: boolean } = {},
): boolean {
  const etag = cached.etag();
  void reply.header('etag', etag);
  void reply.header('cache-control', shared ? 'public, no-cache' : 'private, no-cache');
  const given = request.headers['if-none-match'];
  if (!given) return false;
  const tags = given.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (!tags.includes(etag) && !tags.includes('*')) return false;
  void reply.code(304).send();
  return true;
}

/** The cached value as the answer, or a 304 (then `undefined`: registerRoute sends nothing more). */
export function answerCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached<T>,
  options?: { shared?: boolean },
): T {
  if (notModified(request, reply, cached, options)) return undefined as T;
  return cached.value;
}
