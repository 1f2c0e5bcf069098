/**
 * Clock skew (seed): the difference between the server's clock and the browser's, in whole
 * seconds, taken from the `Date` header of the server's responses and kept in local storage under
 * `clientTimeSkew` (removed when zero or unknown). Relative times use `serverNow()`.
 *
 * The Date header has a one-second resolution, so a difference of one second or less is noise and
 * counts as zero.
 */
export const clockSkewStorageKey = 'clientTimeSkew';

/** The part of the Web Storage API used here (typed locally: the server compiles without DOM). */
export interface SkewStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** server − client in seconds from an HTTP Date header; null when the header is missing or bad. */
export function skewFromDateHeader(
  dateHeader: string | null | undefined,
  clientNowMs: number,
): number | null {
  if (!dateHeader) return null;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return null;
  const seconds = Math.round((serverMs - clientNowMs) / 1000);
  return Math.abs(seconds) <= 1 ? 0 : seconds;
}

/** Stores the skew; zero or unknown removes the key. */
export function storeClockSkew(storage: SkewStorage, skewSeconds: number | null): void {
  if (skewSeconds === null || skewSeconds === 0 || !Number.isFinite(skewSeconds))
    storage.removeItem(clockSkewStorageKey);
  else storage.setItem(clockSkewStorageKey, String(skewSeconds));
}

/** The stored skew in seconds, 0 when none. */
export function readClockSkew(storage: Pick<SkewStorage, 'getItem'>): number {
  const value = Number(storage.getItem(clockSkewStorageKey));
  return Number.isFinite(value) ? value : 0;
}

/** The time as the server sees it (ms since the epoch), given the stored skew. */
export function serverNow(skewSeconds: number, clientNowMs: number = Date.now()): number {
  return clientNowMs + skewSeconds * 1000;
}
