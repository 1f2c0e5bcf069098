/**
 * The in-process cache of resolved viewers (auth/access.ts): SHA-256 of the session token →
 * { session id, expiry, user row }. Short-lived (SESSION_CACHE_TTL_MS) and bounded (LRU), and
 * dropped — on this node at once and on every other node through Redis (REDIS_URL) — when:
 *
 * - a session ends (sign-out, revocation, password change or reset, expiry, ban: session-ends.ts);
 * - a user changes (the dispatcher's `user.changed` after commit, e.g. the roles CLI);
 * - any state-changing request succeeds (auth/plugin.ts empties the whole cache before the answer
 *   leaves, so a ban, a demotion or a profile edit is seen by the very next request anywhere).
 *
 * A fill started before an invalidation is not kept (a generation number), so a read racing a
 * ban cannot put the old row back.
 */
import { createHash } from 'node:crypto';
import type { UserRow } from '../db/schema/index.ts';
import { parseInvalidationMessage } from '../lib/invalidations.ts';
import { storeNewest, type Marked } from '../lib/second-chance.ts';

export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX = 10_000;

export interface CachedViewer {
  sessionId: string;
  /** The session's expiry (ms since the epoch). */
  expiresAt: number;
  user: UserRow;
}

export type Invalidation =
  { kind: 'session'; id: string } | { kind: 'user'; id: string } | { kind: 'all' };

export interface SessionCache {
  /** The current generation: pass it to `set` (read before the database is asked). */
  generation(): number;
  get(tokenHash: string): CachedViewer | undefined;
  /** Kept only if nothing was invalidated since `generation` was read. */
  set(tokenHash: string, viewer: CachedViewer, generation: number): void;
  /** Applies an invalidation on this node only. */
  apply(invalidation: Invalidation): void;
  size(): number;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

interface Entry extends CachedViewer, Marked {
  storedAt: number;
}

export function createSessionCache({
  ttlMs = SESSION_CACHE_TTL_MS,
  max = SESSION_CACHE_MAX,
  now = Date.now,
}: { ttlMs?: number; max?: number; now?: () => number } = {}): SessionCache {
  // Bounded the second-chance way (lib/second-chance.ts): a hit marks its entry.
  const entries = new Map<string, Entry>();
  let generation = 0;

  const drop = (match: (e: Entry) => boolean) => {
    for (const [key, entry] of entries) if (match(entry)) entries.delete(key);
  };

  return {
    generation: () => generation,
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const t = now();
      if (t - entry.storedAt >= ttlMs || entry.expiresAt <= t) {
        entries.delete(key);
        return undefined;
      }
      entry.used = true;
      return entry;
    },
    set(key, viewer, gen) {
      if (gen !== generation || ttlMs <= 0) return;
      storeNewest(entries, key, { ...viewer, storedAt: now(), used: false }, max);
    },
    apply(invalidation) {
      generation += 1;
      if (invalidation.kind === 'all') entries.clear();
      else if (invalidation.kind === 'session') drop((e) => e.sessionId === invalidation.id);
      else drop((e) => e.user.id === invalidation.id);
    },
    size: () => entries.size,
  };
}

/** The Redis channel that carries invalidations between nodes. */
export const SESSION_CACHE_CHANNEL = 'atelier:session-cache';

export const parseInvalidation = (message: string): Invalidation | null =>
  parseInvalidationMessage(message, (value) =>
    (value.kind === 'session' || value.kind === 'user') &&
    'id' in value &&
    typeof value.id === 'string'
      ? { kind: value.kind, id: value.id }
      : null,
  );
