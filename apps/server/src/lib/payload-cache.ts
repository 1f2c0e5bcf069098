/**
 * Shared payloads, cached per node: the parts of an answer that are the same for every viewer
 * (the home page's sections, status updates and stats; the sections; the tags; a post's public
 * part; a page of comments; a page of a section's posts). The viewer's own part (liked flags) is
 * fetched per request in one batched query and merged (features/*: `withLiked`).
 *
 * Keys are strings whose first segment names the kind (`home`, `sections`, `tags`, `post:<id>`,
 * `comments:<postId>:…`, `section-posts:<slug>:…`); an invalidation drops every key starting with
 * one of its prefixes, or everything. Dropped — on this node at once, on the others through Redis
 * (plugins/payload-cache.ts) — when:
 *
 * - a state-changing /api request succeeded (before its answer leaves: the next read anywhere
 *   sees the change);
 * - the dispatcher dispatched domain events (`payloadPrefixesOf`: what each event touches; covers
 *   writes made outside a request, e.g. the CLI).
 *
 * A load started before an invalidation is not kept (a generation number), concurrent misses of
 * one key share one load, entries live at most `ttlMs` and at most `max` are kept (LRU).
 */
import { createHash } from 'node:crypto';
import type { DomainEvent } from '../live/events.ts';

export const PAYLOAD_CACHE_TTL_MS = 60_000;
export const PAYLOAD_CACHE_MAX = 5_000;
/** The Redis channel that carries invalidations between nodes. */
export const PAYLOAD_CACHE_CHANNEL = 'atelier:payload-cache';

export type PayloadInvalidation = { kind: 'all' } | { kind: 'prefixes'; prefixes: string[] };

export interface Cached<T> {
  value: T;
  /** A strong validator of the value (hash of its JSON), for ETag / If-None-Match. */
  etag(): string;
}

export interface PayloadCache {
  /** The cached value of `key`, or `load()`'s (kept unless invalidated meanwhile). */
  get<T>(key: string, load: () => Promise<T>): Promise<Cached<T>>;
  /** Applies an invalidation on this node only. */
  apply(invalidation: PayloadInvalidation): void;
  size(): number;
  /** Hits and misses since the start (metrics, tests). */
  stats(): { hits: number; misses: number };
}

interface Entry {
  value: unknown;
  storedAt: number;
  tag?: string;
}

function etagOf(entry: Entry): string {
  entry.tag ??= `"${createHash('sha1').update(JSON.stringify(entry.value)).digest('base64url')}"`;
  return entry.tag;
}

export function createPayloadCache({
  ttlMs = PAYLOAD_CACHE_TTL_MS,
  max = PAYLOAD_CACHE_MAX,
  now = Date.now,
}: { ttlMs?: number; max?: number; now?: () => number } = {}): PayloadCache {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, { generation: number; promise: Promise<Entry> }>();
  let generation = 0;
  let hits = 0;
  let misses = 0;

  const cached = <T>(entry: Entry): Cached<T> => ({
    value: entry.value as T,
    etag: () => etagOf(entry),
  });

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<Cached<T>> {
      const entry = entries.get(key);
      if (entry && now() - entry.storedAt < ttlMs) {
        hits += 1;
        // Most recent last (LRU order).
        entries.delete(key);
        entries.set(key, entry);
        return cached<T>(entry);
      }
      if (entry) entries.delete(key);
      misses += 1;
      const pending = loading.get(key);
      if (pending && pending.generation === generation) return cached<T>(await pending.promise);
      const started = generation;
      const promise = load().then((value) => {
        const fresh: Entry = { value, storedAt: now() };
        if (started === generation && ttlMs > 0) {
          entries.set(key, fresh);
          while (entries.size > max) {
            const oldest = entries.keys().next().value;
            if (oldest === undefined) break;
            entries.delete(oldest);
          }
        }
        return fresh;
      });
      loading.set(key, { generation: started, promise });
      const done = () => {
        if (loading.get(key)?.promise === promise) loading.delete(key);
      };
      promise.then(done, done);
      return cached<T>(await promise);
    },
    apply(invalidation) {
      generation += 1;
      loading.clear();
      if (invalidation.kind === 'all') {
        entries.clear();
        return;
      }
      for (const key of entries.keys()) {
        if (invalidation.prefixes.some((p) => key === p || key.startsWith(`${p}:`)))
          entries.delete(key);
      }
    },
    size: () => entries.size,
    stats: () => ({ hits, misses }),
  };
}

export function parsePayloadInvalidation(message: string): PayloadInvalidation | null {
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value !== 'object' || value === null || !('kind' in value)) return null;
    if (value.kind === 'all') return { kind: 'all' };
    if (
      value.kind === 'prefixes' &&
      'prefixes' in value &&
      Array.isArray(value.prefixes) &&
      value.prefixes.every((p) => typeof p === 'string')
    )
      return { kind: 'prefixes', prefixes: value.prefixes };
    return null;
  } catch {
    return null;
  }
}

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
