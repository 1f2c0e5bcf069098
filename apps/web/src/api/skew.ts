/** Keeps local storage `clientTimeSkew` (seconds) in step with the server's `Date` header. */
import { readClockSkew, serverNow, skewFromDateHeader, storeClockSkew } from '@atelier/shared';

export function recordServerDate(dateHeader: string | null): void {
  try {
    storeClockSkew(window.localStorage, skewFromDateHeader(dateHeader, Date.now()));
  } catch {
    // Storage unavailable: relative times use the local clock.
  }
}

/** Now on the server's clock (ms). */
export function now(): number {
  try {
    return serverNow(readClockSkew(window.localStorage));
  } catch {
    return Date.now();
  }
}
