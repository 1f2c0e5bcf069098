/**
 * HTTP validation of answers that are the same for every viewer allowed to read them (the
 * sections, the tags, the OpenAPI document): an `ETag` (the cached payload's hash,
 * lib/payload-cache.ts) and `304 Not Modified` when the request's `If-None-Match` names it.
 * `Cache-Control: no-cache` (private for signed-in answers): the browser keeps the copy but asks
 * each time, so a change is seen at once and an unchanged answer costs no body.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { likedJson, withLiked } from './liked-json.ts';
import { andThen, type Cached, type MaybePromise, type PayloadCache } from './payload-cache.ts';
import { encodingFor } from './precompressed.ts';
import type { PreparedBody } from './routes.ts';

/**
 * Sets the validators; true when the client's copy is current (the reply's status is then 304:
 * the caller sends it without a body).
 */
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
  void reply.code(304);
  return true;
}

/**
 * The cached value as the answer, serialised by the route's response schema and compressed once
 * per cached value (`Cached.body`), sent as it is by the client's `Accept-Encoding`; or a 304
 * (then `undefined`: registerRoute sends it without a body).
 */
export function answerCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached<T>,
  options?: { shared?: boolean },
): PreparedBody {
  void reply.header('vary', 'accept-encoding');
  // A 304: no body (registerRoute sends an undefined answer as an empty reply).
  if (notModified(request, reply, cached, options)) return undefined as unknown as PreparedBody;
  // The route's JSON serializer (fast-json-stringify) returns a string.
  const serialize = () => reply.serialize(cached.value) as string;
  const accepted = encodingFor(request.headers['accept-encoding']);
  const { encoding, body } = cached.body(accepted, serialize);
  void reply.type('application/json; charset=utf-8');
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return body as PreparedBody;
}

/**
 * `answerCached` of the shared payload `key`: at once on a hit (no promise on the way: the route
 * handler returns it synchronously), else once `load()` has filled the cache.
 */
export function answerShared<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  payloads: PayloadCache,
  key: string,
  load: () => Promise<T>,
  options?: { shared?: boolean },
): MaybePromise<PreparedBody> {
  return andThen(payloads.getNow(key, load), (cached) =>
    answerCached(request, reply, cached, options),
  );
}

/** A cached value and the ids of what the viewer likes in it (`answerLiked`). */
export interface LikedView<T> {
  cached: Cached<T>;
  liked: ReadonlySet<string>[];
}

/**
 * The viewer's answer from a cached value that differs between viewers only by its `liked` flags:
 * `present(value)` (the value itself by default) serialised by the route's response schema once
 * per cached value (`Cached.memo`, under `name`: one per route reading the value), then `true`
 * spliced in on the objects whose id is in one of `liked` (lib/liked-json.ts). The bytes are what
 * the route would have serialised from the merged value; no ETag (the answer is the viewer's own).
 */
export function answerLiked<T>(
  reply: FastifyReply,
  view: MaybePromise<LikedView<T>>,
  options: { name?: string; present?: (value: T) => unknown } = {},
): MaybePromise<PreparedBody> {
  return andThen(view, ({ cached, liked }) => likedAnswer(reply, cached, liked, options));
}

function likedAnswer<T>(
  reply: FastifyReply,
  cached: Cached<T>,
  liked: readonly ReadonlySet<string>[],
  { name = 'liked-json', present }: { name?: string; present?: (value: T) => unknown },
): PreparedBody {
  const prepared = cached.memo(name, () =>
    likedJson(reply.serialize(present ? present(cached.value) : cached.value) as string),
  );
  void reply.type('application/json; charset=utf-8');
  return withLiked(prepared, ...liked) as PreparedBody;
}
