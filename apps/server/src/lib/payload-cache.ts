/**
 * Shared payloads, cached per node: the parts of an answer that are the same for every viewer
 * (the home page's sections, status updates and stats; the sections; the tags; a post's public
 * part; a page of comments; a page of a section's posts). The viewer's own part of such a payload
 * (which of its items they like) is fetched in one batched query, merged, and kept too
 * (`viewerPart`): under the payload's key and the viewer's id, dropped with the payload (a like
 * is a write: it empties the cache), in an LRU of its own so that many viewers never push the
 * shared payloads out. A payload that belongs to one user (`personal`: the bell's notifications,
 * `notifications:<user id>`) has an LRU of its own too, dropped by that user's key, by its kind
 * (`notifications`) or by everything.
 *
 * Keys are strings whose first segment names the kind (`home`, `sections`, `tags`, `post:<id>`,
 * `comments:<postId>:…`, `section-posts:<slug>:…`, `notifications:<userId>`); an invalidation
 * drops every key starting with one of its prefixes, or everything. Dropped — on this node at
 * once, on the others through Redis (plugins/payload-cache.ts) — when:
 *
 * - a state-changing /api request succeeded (before its answer leaves: the next read anywhere
 *   sees the change);
 * - the dispatcher dispatched domain events (`payloadPrefixesOf`: what each event touches; covers
 *   writes made outside a request, e.g. the CLI) and created notifications (`notificationsKey` of
 *   each recipient: notifications are only ever inserted there).
 *
 * A load started before an invalidation is not kept (a generation number), concurrent misses of
 * one key share one load, entries live at most `ttlMs` and at most `max` are kept (LRU).
 */
import { createHash } from 'node:crypto';
import { storeNewest, type Marked } from './second-chance.ts';
import type { DomainEvent } from '../live/events.ts';
import { parseInvalidationMessage } from './invalidations.ts';
import { compressedBody, type Encoding } from './precompressed.ts';

export const PAYLOAD_CACHE_TTL_MS = 60_000;
export const PAYLOAD_CACHE_MAX = 5_000;
/** Viewer parts kept at most (small: a set of liked ids each). */
export const VIEWER_PARTS_MAX = 50_000;
/** Personal payloads kept at most (a bell: 10 notifications with excerpts, a few kB). */
export const PERSONAL_PAYLOADS_MAX = 10_000;
/** The Redis channel that carries invalidations between nodes. */
export const PAYLOAD_CACHE_CHANNEL = 'atelier:payload-cache';

export type PayloadInvalidation = { kind: 'all' } | { kind: 'prefixes'; prefixes: string[] };

export interface Cached<T> {
  value: T;
  /** A strong validator of the value (hash of its JSON), for ETag / If-None-Match. */
  etag(): string;
  /**
   * The answer's body for `encoding`: `serialize(value)` (the route's response serializer),
   * compressed, made once per cached value and encoding, so a shared answer costs no
   * serialisation and no compression per request.
   */
  body(encoding: Encoding, serialize: () => string): { encoding: Encoding; body: Buffer };
  /**
   * `make()`, once per cached value and `name` (kept and dropped with the value): what a route
   * derives from it for every reader, e.g. its answer serialised (lib/liked-json.ts).
   */
  memo<R>(name: string, make: () => R): R;
}

export interface PayloadCache {
  /** The cached value of `key`, or `load()`'s (kept unless invalidated meanwhile). */
  get<T>(key: string, load: () => Promise<T>): Promise<Cached<T>>;
  /** `get`, but a hit is returned at once (no promise: a cached answer is sent synchronously). */
  getNow<T>(key: string, load: () => Promise<T>): Cached<T> | Promise<Cached<T>>;
  /** The cached value of `key` when there is a fresh one (a hit, counted as such), else undefined. */
  peek<T>(key: string): Cached<T> | undefined;
  /**
   * One viewer's part of the payload `key` (kept and dropped with it), or `load()`'s: a repeated
   * read by the same viewer runs no statement.
   */
  viewerPart<T>(key: string, viewerId: string, load: () => Promise<T>): T | Promise<T>;
  /**
   * The payload `key` and one viewer's part of it. On a miss, `loadBoth()` reads both (in one
   * statement: a cold read costs no extra statement for the viewer) and both are kept, unless an
   * invalidation came meanwhile. On a hit, or when the miss joined another request's load, the
   * part is `viewerPart(key, viewerId, () => loadPart(value))`.
   */
  withViewerPart<T, V>(
    key: string,
    viewerId: string,
    loadBoth: () => Promise<{ value: T; part: V }>,
    loadPart: (value: T) => Promise<V>,
  ): MaybePromise<{ cached: Cached<T>; part: V }>;
  /**
   * A payload of one user only, under a key that names them (`notificationsKey`), or `load()`'s:
   * in an LRU of its own, so that many users never push shared payloads out.
   */
  personal<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Applies an invalidation on this node only. */
  apply(invalidation: PayloadInvalidation): void;
  size(): number;
  /** Hits and misses since the start (metrics, tests). */
  stats(): { hits: number; misses: number };
}

interface Entry extends Marked {
  value: unknown;
  storedAt: number;
  tag?: string;
  /** The serialised value, then its bodies by encoding (Cached.body). */
  json?: Buffer;
  bodies?: Partial<Record<Encoding, { encoding: Encoding; body: Buffer }>>;
  /** Cached.memo's values by name. */
  memos?: Map<string, unknown>;
  /** The entry as a `Cached` (made once: a hit allocates nothing). */
  cached?: Cached<unknown>;
}

function cachedOf<T>(entry: Entry): Cached<T> {
  entry.cached ??= {
    value: entry.value,
    etag: () => etagOf(entry),
    body(encoding, serialize) {
      entry.json ??= Buffer.from(serialize());
      entry.bodies ??= {};
      return (entry.bodies[encoding] ??= compressedBody(entry.json, encoding));
    },
    memo<R>(name: string, make: () => R): R {
      entry.memos ??= new Map();
      if (entry.memos.has(name)) return entry.memos.get(name) as R;
      const made = make();
      entry.memos.set(name, made);
      return made;
    },
  };
  return entry.cached as Cached<T>;
}

function etagOf(entry: Entry): string {
  entry.tag ??= `"${createHash('sha1').update(JSON.stringify(entry.value)).digest('base64url')}"`;
  return entry.tag;
}

export function createPayloadCache({
  ttlMs = PAYLOAD_CACHE_TTL_MS,
  max = PAYLOAD_CACHE_MAX,
  viewerMax = VIEWER_PARTS_MAX,
  personalMax = PERSONAL_PAYLOADS_MAX,
  now = Date.now,
}: {
  ttlMs?: number;
  max?: number;
  viewerMax?: number;
  personalMax?: number;
  now?: () => number;
} = {}): PayloadCache {
  let generation = 0;
  let hits = 0;
  let misses = 0;

  /**
   * An LRU of entries with their loads in flight (concurrent misses of a key share one), bounded
   * the second-chance way (lib/second-chance.ts): a hit marks its entry, it does not move it.
   */
  const lru = (limit: number) => {
    const entries = new Map<string, Entry>();
    const loading = new Map<string, { generation: number; promise: Promise<Entry> }>();
    /** A fresh entry of `key` (a hit), else undefined (a stale one is dropped). */
    const peek = (key: string): Entry | undefined => {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      hits += 1;
      entry.used = true;
      return entry;
    };
    return {
      entries,
      loading,
      peek,
      async get(key: string, load: () => Promise<unknown>): Promise<Entry> {
        const entry = peek(key);
        if (entry) return entry;
        misses += 1;
        const pending = loading.get(key);
        if (pending && pending.generation === generation) return pending.promise;
        const started = generation;
        const promise = load().then((value) => {
          const fresh: Entry = { value, storedAt: now(), used: false };
          if (started === generation && ttlMs > 0) {
            storeNewest(entries, key, fresh, limit);
          }
          return fresh;
        });
        loading.set(key, { generation: started, promise });
        const done = () => {
          if (loading.get(key)?.promise === promise) loading.delete(key);
        };
        promise.then(done, done);
        return promise;
      },
      drop(matches: (key: string) => boolean) {
        loading.clear();
        for (const key of entries.keys()) if (matches(key)) entries.delete(key);
      },
    };
  };
  const shared = lru(max);
  const viewers = lru(viewerMax);
  const personal = lru(personalMax);
  const lrus = [shared, viewers, personal];
  // Under the payload's key, so that an invalidation of the payload drops it too.
  const viewerKeyOf = (key: string, viewerId: string) => `${key}:viewer:${viewerId}`;
  const viewerPart = <T>(
    key: string,
    viewerId: string,
    load: () => Promise<T>,
  ): MaybePromise<T> => {
    const viewerKey = viewerKeyOf(key, viewerId);
    // A hit at once (no promise).
    const hit = viewers.peek(viewerKey);
    if (hit) return hit.value as T;
    return viewers.get(viewerKey, load).then((entry) => entry.value as T);
  };

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<Cached<T>> {
      return cachedOf<T>(await shared.get(key, load));
    },
    getNow<T>(key: string, load: () => Promise<T>): Cached<T> | Promise<Cached<T>> {
      const hit = shared.peek(key);
      if (hit) return cachedOf<T>(hit);
      return shared.get(key, load).then((entry) => cachedOf<T>(entry));
    },
    peek<T>(key: string): Cached<T> | undefined {
      const entry = shared.peek(key);
      return entry ? cachedOf<T>(entry) : undefined;
    },
    viewerPart,
    withViewerPart<T, V>(
      key: string,
      viewerId: string,
      loadBoth: () => Promise<{ value: T; part: V }>,
      loadPart: (value: T) => Promise<V>,
    ): MaybePromise<{ cached: Cached<T>; part: V }> {
      const viaPart = (cached: Cached<T>) =>
        andThen(
          viewerPart(key, viewerId, () => loadPart(cached.value)),
          (part) => ({
            cached,
            part,
          }),
        );
      const hit = shared.peek(key);
      if (hit) return viaPart(cachedOf<T>(hit));
      const started = generation;
      let own: { part: V } | undefined;
      const load = async () => {
        const both = await loadBoth();
        own = { part: both.part };
        return both.value;
      };
      return shared.get(key, load).then((entry) => {
        const cached = cachedOf<T>(entry);
        if (!own) return viaPart(cached);
        if (started === generation && ttlMs > 0) {
          const fresh: Entry = { value: own.part, storedAt: now(), used: false };
          storeNewest(viewers.entries, viewerKeyOf(key, viewerId), fresh, viewerMax);
        }
        return { cached, part: own.part };
      });
    },
    async personal<T>(key: string, load: () => Promise<T>): Promise<T> {
      return (await personal.get(key, load)).value as T;
    },
    apply(invalidation) {
      generation += 1;
      const matches =
        invalidation.kind === 'all'
          ? () => true
          : (key: string) =>
              invalidation.prefixes.some((p) => key === p || key.startsWith(`${p}:`));
      for (const l of lrus) l.drop(matches);
    },
    size: () => shared.entries.size,
    stats: () => ({ hits, misses }),
  };
}

export const parsePayloadInvalidation = (message: string): PayloadInvalidation | null =>
  parseInvalidationMessage(message, (value) =>
    value.kind === 'prefixes' &&
    'prefixes' in value &&
    Array.isArray(value.prefixes) &&
    value.prefixes.every((p) => typeof p === 'string')
      ? { kind: 'prefixes', prefixes: value.prefixes }
      : null,
  );

/** The key of a user's notifications list (`personal`), and the prefix that drops it. */
export const notificationsKey = (userId: string): string => `notifications:${userId}`;

/**
 * The cached payloads a domain event may have changed: key prefixes, or 'all' (a user's name,
 * role or avatar shows in most payloads; an event this function does not know of).
 */
export function payloadPrefixesOf(event: DomainEvent): string[] | 'all' {
  switch (event.type) {
    case 'post.created':
    case 'post.deleted':
    case 'post.removed':
      return ['home', 'sections', 'section-posts', 'tags', `post:${postIdOf(event)}`];
    case 'post.updated':
      return ['home', 'section-posts', 'tags', `post:${event.data.postId}`];
    case 'comment.created':
    case 'commentReply.created':
      return [
        'home',
        'section-posts',
        `post:${event.data.post.postId}`,
        `comments:${event.data.post.postId}`,
      ];
    case 'comment.updated':
    case 'comment.deleted':
    case 'commentReply.updated':
    case 'commentReply.deleted':
      return [
        'home',
        'section-posts',
        `post:${event.data.postId}`,
        `comments:${event.data.postId}`,
      ];
    case 'statusUpdate.created':
    case 'statusUpdate.updated':
    case 'statusUpdate.deleted':
    case 'statusReply.created':
    case 'statusReply.updated':
    case 'statusReply.deleted':
      return ['home'];
    case 'like.changed': {
      const { postId, statusId } = event.data;
      return [
        ...(postId ? ['section-posts', `post:${postId}`, `comments:${postId}`] : []),
        ...(statusId ? ['home'] : []),
      ];
    }
    case 'tag.created':
    case 'tag.updated':
    case 'tag.deleted':
      return ['tags', 'section-posts', 'post', 'home'];
    default:
      return 'all';
  }
}

function postIdOf(event: DomainEvent): string {
  const data = event.data as { postId?: string; post?: { postId: string } };
  return data.postId ?? data.post?.postId ?? '';
}

/** A value now or later. */
export type MaybePromise<T> = T | Promise<T>;

const isPromise = <T>(value: MaybePromise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** `next(value)` at once when `value` is there, else once it is: cache hits chain without promises. */
export function andThen<T, R>(
  value: MaybePromise<T>,
  next: (value: T) => MaybePromise<R>,
): MaybePromise<R> {
  return isPromise(value) ? value.then(next) : next(value);
}
