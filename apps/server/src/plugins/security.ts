/**
 * Security headers on every response (registered first, on the root instance, so every route
 * gets them). The Content-Security-Policy allows no inline script: the web app is built by Vite
 * into files under /assets. MUI (emotion) injects <style> tags, hence 'unsafe-inline' for styles
 * only. HSTS and upgrade-insecure-requests only when the site is served over https. With media on
 * S3, the bucket's origin may be PUT to (direct video uploads) and MEDIA_BASE_URL's origin may
 * serve images and videos.
 *
 * Also: a Permissions-Policy that turns off every device and API the site does not use;
 * `Cache-Control: no-store` on every /api answer that does not say otherwise (private data must
 * not stay in caches; the shared answers with an ETag say `no-cache`: kept, asked about each time;
 * /assets and /media keep their own caching); and the Origin check of every state-changing request
 * (lib/origin.ts), 403 `errors.badOrigin`.
 *
 * An /api answer is data, never a page: it gets what the OWASP REST Security Cheat Sheet lists
 * for an API (a CSP that allows nothing and no framing, nosniff, DENY, no referrer, the resource
 * policy, HSTS) instead of the page policies' 1.1 KB, which every JSON answer sent again and both
 * ends parsed; an /api answer that is a page after all (the Swagger UI at /api/docs, an HTML error
 * page of Better Auth) gets the page's headers when it is sent.
 *
 * The build's own files under /assets (scripts named by their hash, never documents) get only
 * the headers that apply to a subresource (nosniff, the resource policy, HSTS): a page's policies
 * (CSP, frames, permissions…) mean nothing on a script, and over HTTP/1.1 their 1.1 KB went out
 * again with each of the 15–35 files a first screen loads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../lib/errors.ts';
import { allowedOrigins, checkOrigin } from '../lib/origin.ts';
import { bucketOrigin } from '../lib/storage/s3.ts';
import { WRITE_METHODS } from '../lib/writes.ts';

/**
 * Features the site never uses are denied to every frame, its own included; fullscreen and
 * picture-in-picture stay available to its own pages (videos in posts), autoplay too.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'ambient-light-sensor=()',
  'autoplay=(self)',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=(self)',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'web-share=()',
  'xr-spatial-tracking=()',
].join(', ');

/** What a script or another subresource of the build keeps of the headers above. */
const SUBRESOURCE_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

/** `/api`, `/api/…` or `/api?…` (without splitting the URL: this runs twice per request). */
const isApiPath = (url: string): boolean =>
  url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

export function contentSecurityPolicy(config: Pick<Config, 'baseUrl' | 's3' | 'MEDIA_BASE_URL'>) {
  const base = new URL(config.baseUrl);
  const https = base.protocol === 'https:';
  // 'self' covers same-origin WebSockets in current browsers; the explicit ws(s) origin covers the rest.
  const socketOrigin = `${https ? 'wss' : 'ws'}://${base.host}`;
  // /media/* redirects to MEDIA_BASE_URL when it is set: images and videos load from there.
  const mediaOrigin = config.MEDIA_BASE_URL ? [new URL(config.MEDIA_BASE_URL).origin] : [];
  // Large videos are PUT by the browser straight to the bucket (POST /api/media/direct).
  const bucket = config.s3 ? [bucketOrigin(config.s3)] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigin],
      mediaSrc: ["'self'", 'blob:', ...mediaOrigin],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", socketOrigin, ...bucket],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The headers Helmet sets for these options, computed once: they are the same for every answer
 * (no nonces), and building Helmet's middleware on each request (as @fastify/helmet does) cost
 * about 4 % of a cached read's CPU.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Map<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // Helmet reads nothing of the request when no directive is a function (none is here).
  const request = Object.create(null) as IncomingMessage;
  helmet(options)(request, response as unknown as ServerResponse, () => undefined);
  return headers;
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const https = new URL(config.baseUrl).protocol === 'https:';
  const headers: [string, string][] = [
    ...helmetHeaders({
      contentSecurityPolicy: contentSecurityPolicy(config),
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    }),
    ['permissions-policy', PERMISSIONS_POLICY],
  ];

  const assetHeaders = headers.filter(([name]) => SUBRESOURCE_HEADERS.has(name));
  const apiHeaders: [string, string][] = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ...headers.filter(([name]) => name === 'strict-transport-security'),
  ];

  const allowed = allowedOrigins(config);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/assets/')) {
      const raw = reply.raw;
      for (const [name, value] of assetHeaders) raw.setHeader(name, value);
    } else if (isApiPath(request.url)) {
      // An /api answer: among the reply's own headers (Fastify hands them to Node in one
      // writeHead, checked once there), so a handler's header of the same name replaces ours.
      for (const [name, value] of apiHeaders) void reply.header(name, value);
    } else {
      // On the raw response, as Helmet does, so a route's own headers (media's sandbox CSP, set
      // by @fastify/static on the raw response) replace them. 15 raw setHeader calls were the
      // largest share of an /api answer's allocations, hence the split.
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
    }
    // Every state-changing request, whatever its path (no spelling of /api slips through);
    // Better Auth checks /api/auth again by the same rule.
    if (WRITE_METHODS.has(request.method) && checkOrigin(request.headers, allowed) !== 'allowed') {
      done(forbidden('errors.badOrigin'));
      return;
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) {
      // Nothing of /api is stored, but for an answer that says how (the shared answers'
      // `no-cache` with an ETag, lib/http-cache.ts: kept, and asked about each time).
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html'))
        for (const [name, value] of headers) void reply.header(name, value);
    }
    done(null, payload);
  });
}
