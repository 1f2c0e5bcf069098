/**
 * Cross-site request forgery check, one rule for every state-changing /api request (the HTTP
 * hook in plugins/security.ts) and for the Socket.IO handshake (live/plugin.ts):
 *
 * - The request's origin is its `Origin` header, else the origin of its `Referer`.
 * - An origin that is given must be BASE_URL's or one of TRUSTED_ORIGINS. `Origin: null` is
 *   foreign, except with `Sec-Fetch-Site: same-origin` (set by the browser, not by scripts): a
 *   same-origin fetch POST under our `Referrer-Policy: no-referrer` carries `Origin: null`.
 * - No origin at all: refused when the request carries a cookie (a browser's ambient
 *   credentials, what CSRF abuses) — browsers always send `Origin` on POST/PUT/PATCH/DELETE.
 *   Allowed without a cookie: API clients with `Authorization: Bearer` cannot be driven by
 *   another site, and a request with no credentials acts as nobody.
 * - The Socket.IO handshake is a GET, and a same-origin polling GET carries no `Origin` (nor a
 *   `Referer`: our Referrer-Policy is no-referrer). There, a cookie without origin is allowed
 *   unless `Sec-Fetch-Site` says the request came from another site.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config.ts';

export type OriginVerdict = 'allowed' | 'foreign' | 'missing';

/** BASE_URL's origin and TRUSTED_ORIGINS', normalised (`https://a.example`, no path). */
export function allowedOrigins(config: Pick<Config, 'baseUrl' | 'TRUSTED_ORIGINS'>): Set<string> {
  return new Set([config.baseUrl, ...config.TRUSTED_ORIGINS].map((o) => originOf(o) ?? o));
}

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

/**
 * The verdict for a request's headers. `handshake`: the Socket.IO rule for an origin-less GET
 * (see above).
 */
export function checkOrigin(
  headers: IncomingHttpHeaders,
  allowed: Set<string>,
  { handshake = false } = {},
): OriginVerdict {
  const origin = header(headers, 'origin');
  if (origin === 'null') {
    return header(headers, 'sec-fetch-site') === 'same-origin' ? 'allowed' : 'foreign';
  }
  if (origin !== undefined) {
    const normalised = originOf(origin);
    return normalised !== undefined && allowed.has(normalised) ? 'allowed' : 'foreign';
  }
  const referer = header(headers, 'referer');
  if (referer !== undefined) {
    const normalised = originOf(referer);
    return normalised !== undefined && allowed.has(normalised) ? 'allowed' : 'foreign';
  }
  if (header(headers, 'cookie') === undefined) return 'allowed';
  if (handshake) {
    const site = header(headers, 'sec-fetch-site');
    return site === undefined || site === 'same-origin' || site === 'none' ? 'allowed' : 'foreign';
  }
  return 'missing';
}
