/**
 * Keeps local storage `clientTimeSkew` (seconds) in step with the server's `Date` header. The skew
 * is also kept in memory: every answer's header is compared with it, and storage is written only
 * when it changes (a write per answer was a storage call in each of a page's first tasks), and
 * every relative time on screen reads it without a storage call.
 */
import { readClockSkew, serverNow, skewFromDateHeader, storeClockSkew } from '@atelier/shared';

/** The skew as stored (seconds), read from storage on first use. */
let known: number | undefined;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedSkew(): number {
  if (known === undefined) {
    try {
      known = readClockSkew(storage() ?? { getItem: () => null });
    } catch {
      known = 0;
    }
  }
  return known;
}

export function recordServerDate(dateHeader: string | null): void {
  // No usable header counts as no skew (the stored key is removed), as before.
  const skew = skewFromDateHeader(dateHeader, Date.now()) ?? 0;
  if (skew === storedSkew()) return;
  known = skew;
  try {
    const store = storage();
    if (store) storeClockSkew(store, skew);
  } catch {
    // Storage unavailable: relative times use the skew kept here.
  }
}

/** Now on the server's clock (ms). */
export function now(): number {
  return serverNow(storedSkew());
}

/** Forgets the skew kept in memory (tests: it is read from storage again). */
export function forgetSkew(): void {
  known = undefined;
}
