/**
 * Serves what is not the API (registered last): the built web app from WEB_DIST and uploaded
 * media from DATA_DIR/media under /media.
 *
 * - /assets/* (content-hashed by Vite) is cached for a year, immutable; everything else,
 *   index.html first, is revalidated on every load (`no-cache`), so a deploy is picked up at once.
 * - The build writes a brotli and a gzip copy beside each text file (`apps/web/build/precompress.ts`);
 *   the copy the browser accepts is sent as it is (`preCompressed`), with `Vary: Accept-Encoding`.
 * - A GET for an app route (not /api, not a file) answers index.html: the SPA routes it. When the
 *   build listed the files each route's page needs (`route-preload.json`, apps/web/build/
 *   route-preload.ts), they are announced in it as `<link rel="modulepreload">`, so the browser
 *   fetches them beside the entry instead of after it. The messages of the language the page
 *   will choose from the browser's `Accept-Language` (the app's own rule, `chooseLanguage`), and
 *   English's (the fallback i18next loads with them), are announced the same way
 *   (`locale-preload.json`); the page then varies with `Accept-Language`.
 * - Unknown /api/* (and any other method) → 404 `{ error: { code: 'errors.notFound' } }`.
 * - No build yet (tests, a fresh clone before `npm start`): app routes answer 503 with a hint.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedLanguages, chooseLanguage, defaultLanguage } from '@atelier/shared';
import type { Config } from '../config.ts';
import { MEDIA_CSP, registerStoreMedia } from '../features/media/serve.ts';
import { mediaStoreFor } from '../lib/storage/index.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export const notBuiltMessage =
  'The web app is not built yet. Run `npm run build` (or start the server with `npm start`, which builds it first), then restart the server.\n';

/** Paths that name a file or a server-side area, never an app route. */
const notAppRoute = /^\/(api|assets|media|socket\.io)(\/|$)|\.[a-z0-9]{1,8}$/i;

interface IndexPages {
  mtimeMs: number;
  index: string;
  /** Route pattern → that route's modulepreload links. */
  routes: { pattern: RegExp; links: string }[];
  /** Language → the modulepreload link of its messages (none when the build did not list them). */
  locales: Map<string, string>;
  /** `route index|language` → the page, made on first use. */
  pages: Map<string, string>;
}

const preloadLinks = (files: string[]) =>
  files
    .filter((f) => /^\/[\w./-]+\.js$/.test(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
    .join('');

/** A list the build wrote (`{ key: value }`), or null when it is missing or unreadable. */
function readList(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** `/posts/:postId` → /^\/posts\/[^/]+$/ */
function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** The build's preload lists with index.html; null when the build has no route list. */
function readIndexPages(dist: string, indexFile: string, mtimeMs: number): IndexPages | null {
  const preloads = readList(path.join(dist, 'route-preload.json')) as Record<
    string,
    string[]
  > | null;
  if (!preloads) return null;
  const locales = (readList(path.join(dist, 'locale-preload.json')) ?? {}) as Record<
    string,
    string
  >;
  return {
    mtimeMs,
    index: fs.readFileSync(indexFile, 'utf8'),
    routes: Object.entries(preloads).map(([route, files]) => ({
      pattern: routePattern(route),
      links: preloadLinks(files),
    })),
    locales: new Map(Object.entries(locales).map(([lng, file]) => [lng, preloadLinks([file])])),
    pages: new Map(),
  };
}

/** The page of route `routeIndex` for a browser sending `acceptLanguage`. */
function pageOf(pages: IndexPages, routeIndex: number, acceptLanguage: string | undefined): string {
  const language = chooseLanguage(null, acceptedLanguages(acceptLanguage));
  const key = `${routeIndex}|${language}`;
  let page = pages.pages.get(key);
  if (page === undefined) {
    const messages = [...new Set([language, defaultLanguage])]
      .map((lng) => pages.locales.get(lng) ?? '')
      .join('');
    page = pages.index.replace(
      '</head>',
      `${pages.routes[routeIndex]?.links ?? ''}${messages}</head>`,
    );
    pages.pages.set(key, page);
  }
  return page;
}

export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const dist = path.resolve(config.WEB_DIST);
  const indexFile = path.join(dist, 'index.html');
  const assetsDir = path.join(dist, 'assets') + path.sep;
  const hasDist = fs.existsSync(dist);
  let indexPages: IndexPages | null = null;
  /** The page for `pathname` with its modulepreload links, re-read when a new build is in place. */
  const pageFor = (pathname: string, acceptLanguage: string | undefined) => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (indexPages?.mtimeMs !== mtimeMs) indexPages = readIndexPages(dist, indexFile, mtimeMs);
    const routeIndex = indexPages?.routes.findIndex((r) => r.pattern.test(pathname)) ?? -1;
    if (!indexPages || routeIndex < 0) return undefined;
    return {
      html: pageOf(indexPages, routeIndex, acceptLanguage),
      vary: indexPages.locales.size > 0 ? 'accept-encoding, accept-language' : 'accept-encoding',
    };
  };

  if (hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      index: false,
      // Directories (`/`, `/assets/`) are not files: the not-found handler decides.
      allowedPath: (pathname: string) => !pathname.endsWith('/'),
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res: SetHeadersResponse, file: string) => {
        res.setHeader('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  if (config.s3) {
    // Media in a bucket: streamed (or redirected to MEDIA_BASE_URL) by the media feature.
    registerStoreMedia(app, mediaStoreFor(config), {
      cacheControl: REVALIDATE,
      mediaBaseUrl: config.MEDIA_BASE_URL,
    });
  } else {
    const mediaDir = path.join(config.DATA_DIR, 'media');
    fs.mkdirSync(mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: !hasDist,
      index: false,
      cacheControl: false,
      setHeaders: (res: SetHeadersResponse) => {
        res.setHeader('cache-control', REVALIDATE);
        // Uploaded files are data, never documents: no scripts even if one were to slip through.
        res.setHeader('content-security-policy', MEDIA_CSP);
      },
    });
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (!isRead || notAppRoute.test(pathname)) {
      return reply.status(404).send({
        error: {
          code: 'errors.notFound',
          message: `${req.method} ${pathname} not found`,
          requestId: req.id,
        },
      });
    }
    if (!fs.existsSync(indexFile)) {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(notBuiltMessage);
    }
    const page = pageFor(pathname, req.headers['accept-language']);
    void reply.header('cache-control', REVALIDATE).header('vary', page?.vary ?? 'accept-encoding');
    if (page) return reply.type('text/html; charset=utf-8').send(page.html);
    return reply.sendFile('index.html', dist);
  });
}
