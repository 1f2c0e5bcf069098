/**
 * The per-node caches' eviction (lib/second-chance.ts): what goes at the bound is what was not
 * read since it was stored, the new entry never; the session cache (auth/session-cache.ts) keeps
 * its bound that way.
 */
import { describe, expect, it } from 'vitest';
import { createSessionCache, type CachedViewer } from '../src/auth/session-cache.ts';
import type { UserRow } from '../src/db/schema/index.ts';
import { evictUnused, storeNewest, type Marked } from '../src/lib/second-chance.ts';

type Item = Marked & { name: string };
const item = (name: string): Item => ({ name, used: false });

describe('second-chance eviction', () => {
  it('lets go of the oldest entry not read since it was stored, and keeps the new one', () => {
    const entries = new Map<string, Item>();
    for (const name of ['a', 'b', 'c']) storeNewest(entries, name, item(name), 3);
    entries.get('a')!.used = true;
    storeNewest(entries, 'd', item('d'), 3);
    expect([...entries.keys()]).toEqual(['c', 'a', 'd']);
    // Every entry read: one pass unmarks them, then the oldest goes; the new one stays.
    for (const entry of entries.values()) entry.used = true;
    storeNewest(entries, 'e', item('e'), 3);
    expect([...entries.keys()]).toEqual(['a', 'd', 'e']);
    expect([...entries.values()].map((e) => e.used)).toEqual([false, false, false]);
  });

  it('stores a key again as the newest, and stores nothing with no room at all', () => {
    const entries = new Map<string, Item>();
    for (const name of ['a', 'b']) storeNewest(entries, name, item(name), 2);
    storeNewest(entries, 'a', item('a2'), 2);
    expect([...entries.values()].map((e) => e.name)).toEqual(['b', 'a2']);
    evictUnused(entries, 1);
    expect([...entries.keys()]).toEqual(['a']);
    storeNewest(entries, 'z', item('z'), 0);
    expect(entries.has('z')).toBe(false);
  });

  it('bounds the session cache: a viewer read since it was cached outlasts one that was not', () => {
    const cache = createSessionCache({ max: 2 });
    const viewer = (id: string): CachedViewer => ({
      sessionId: `s-${id}`,
      expiresAt: Date.now() + 60_000,
      user: { id } as UserRow,
    });
    const gen = cache.generation();
    cache.set('a', viewer('a'), gen);
    cache.set('b', viewer('b'), gen);
    expect(cache.get('a')?.sessionId).toBe('s-a');
    cache.set('c', viewer('c'), gen);
    expect(cache.size()).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.sessionId).toBe('s-a');
    expect(cache.get('c')?.sessionId).toBe('s-c');
  });
});
