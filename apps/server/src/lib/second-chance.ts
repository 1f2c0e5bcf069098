/**
 * The eviction of the per-node caches (lib/payload-cache.ts, auth/session-cache.ts): a Map in
 * insertion order, bounded the "second chance" (CLOCK) way. A hit only marks its entry `used`;
 * an eviction takes entries from the oldest end, and a used one it meets is unmarked and moved to
 * the newest end instead of going. What goes is one not read since it was stored or last given
 * its chance — close to the least recently read — and a hit, the common case of a cache on the
 * hot path, costs a flag instead of a delete and a reinsert in the Map.
 */
export interface Marked {
  /** Read since it was stored or last given a second chance. */
  used: boolean;
}

/** Drops entries from the oldest end until `keep` are left, each used one met moved on once. */
export function evictUnused<K, V extends Marked>(entries: Map<K, V>, keep: number): void {
  // One pass unmarks every entry: after that many chances, the oldest goes whatever its mark.
  let chances = entries.size;
  while (entries.size > keep) {
    const oldest = entries.entries().next().value;
    if (oldest === undefined) return;
    const [key, entry] = oldest;
    entries.delete(key);
    if (entry.used && chances-- > 0) {
      entry.used = false;
      entries.set(key, entry);
    }
  }
}

/** Stores `entry` under `key` as the newest, unmarked, with room made for it within `max`. */
export function storeNewest<K, V extends Marked>(
  entries: Map<K, V>,
  key: K,
  entry: V,
  max: number,
): void {
  entries.delete(key);
  if (max <= 0) return;
  evictUnused(entries, max - 1);
  entry.used = false;
  entries.set(key, entry);
}
