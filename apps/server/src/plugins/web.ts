/**
 * Serves what is not the API (registered last): the built web app from WEB_DIST and uploaded
 * media from DATA_DIR/media under /media.
 *
 * - /assets/* (content-hashed by Vite) is cached for a year, immutable; everything else,
 *   index.html first, is revalidated on every load (`no-cache`), so a deploy is picked up at once.
 * - The build writes a brotli and a gzip copy beside each text file (`apps/web/build/precompress.ts`);
 *   the copy the browser accepts is sent as it is (`preCompressed`), with `Vary: Accept-Encoding`.
 * - A GET for an app route (not /api, not a file; a member's /u/name may hold a dot) answers
 *   index.html: the SPA routes it. When the build listed the files each route's page needs
 *   (`route-preload.json`, apps/web/build/route-preload.ts), they are announced in it — its scripts as `<link rel="modulepreload">`, its
 *   style sheets as `<link rel="stylesheet">` (as Vite's loader would add them once the page is
 *   imported, and then wait for them) — so the browser fetches them beside the entry instead of
 *   after it. The messages of the language the page will choose from the browser's
 *   `Accept-Language` (the app's own rule, `chooseLanguage`) are announced the same way
 *   (`locale-preload.json`); the page then varies with `Accept-Language`.
 * - A signed-in visitor's page (the session cookie, checked as the API checks it) names their
 *   saved language (`<html lang>`, `<meta name="user-language">`), which the interface switches to
 *   once signed in (seed "language sync"): it starts in it instead, and its messages are the ones
 *   announced. A member's page also asks at once for the data its first screen shows
 *   (`<link rel="preload" as="fetch">`: the home's; a post, the sections, the tags, the post's
 *   credits and its first comments), which the app would otherwise request only once its scripts
 *   had run, and announces the shell's lazy parts every member's page shows
 *   (`member-preload.json`: the notification bell), which the app would otherwise import only
 *   once the page had rendered. The page then varies with `Cookie`.
 * - Unknown /api/* (and any other method) → 404 `{ error: { code: 'errors.notFound' } }`.
 * - No build yet (tests, a fresh clone before `npm start`): app routes answer 503 with a hint.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptedLanguages,
  chooseLanguage,
  isLanguage,
  routes,
  type Language,
  type RouteDef,
} from '@atelier/shared';
import { loadViewer, type Viewer } from '../auth/access.ts';
import type { Config } from '../config.ts';
import { errorMessage } from '../lib/error-messages.ts';
import { MEDIA_CSP, registerStoreMedia } from '../features/media/serve.ts';
import { mediaStoreFor } from '../lib/storage/index.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export const notBuiltMessage =
  'The web app is not built yet. Run `npm run build` (or start the server with `npm start`, which builds it first), then restart the server.\n';

/** Paths of a server-side area, never an app route. */
const serverArea = /^\/(api|assets|media|socket\.io)(\/|$)/;
/** Paths that name a file (`/robots.txt`): a missing one is a 404, not the app. */
const fileName = /\.[a-z0-9]{1,8}$/i;
/** App routes whose last segment is free text that may end like a file name (`/u/sam.okafor`). */
const namedRoute = /^\/u\/[^/]+$/;

const notAppRoute = (pathname: string) =>
  serverArea.test(pathname) || (fileName.test(pathname) && !namedRoute.test(pathname));

interface IndexPages {
  mtimeMs: number;
  index: string;
  /** Route pattern (its parameters captured) → that route's files and their links. */
  routes: { route: string; pattern: RegExp; files: string[]; links: string }[];
  /** Language → the modulepreload link of its messages (none when the build did not list them). */
  locales: Map<string, string>;
  /** The files of the shell's lazy parts a member's every page shows (the notification bell). */
  member: string[];
  /** `route index|language|saved language|member` → the page, made on first use. */
  pages: Map<string, string>;
}

/** The links announcing `files`: scripts as modulepreload, style sheets linked (as said above). */
const preloadLinks = (files: string[]) =>
  files
    .filter((f) => /^\/[\w./-]+\.(js|css)$/.test(f))
    .map((f) =>
      f.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="${f}">`
        : `<link rel="modulepreload" crossorigin href="${f}">`,
    )
    .join('');

/** A list the build wrote (`{ key: value }`), or null when it is missing or unreadable. */
function readList(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** `/posts/:postId` → /^\/posts\/([^/]+)\/?$/ */
function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
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
  const member = readList(path.join(dist, 'member-preload.json')) as unknown;
  const memberFiles = Array.isArray(member)
    ? member.filter((f): f is string => typeof f === 'string')
    : [];
  return {
    mtimeMs,
    index: fs.readFileSync(indexFile, 'utf8'),
    routes: Object.entries(preloads).map(([route, files]) => ({
      route,
      pattern: routePattern(route),
      files,
      links: preloadLinks(files),
    })),
    locales: new Map(Object.entries(locales).map(([lng, file]) => [lng, preloadLinks([file])])),
    member: memberFiles,
    pages: new Map(),
  };
}

/**
 * The API answers a member's first screen of a route shows (the same URLs as the app's first
 * requests, so the browser hands it the preloaded answers): routes of the shared table, their
 * `:id` the page's parameter. A post's first render also reads the sections (its section link),
 * the tags (its chips) and its credits: asked for by that render, they ended a round trip after it,
 * before the largest paint was shown, so Lighthouse's simulated LCP waited for them.
 */
const firstScreenData: Record<string, readonly RouteDef[]> = {
  '/': [routes.home.get],
  '/posts/:postId': [
    routes.posts.get,
    routes.sections.list,
    routes.tags.list,
    routes.credits.postCredits,
    routes.comments.list,
  ],
};

/**
 * The links preloading `apis` for the page's parameters; none when a parameter is not what the API
 * takes (`/posts/new` is the editor, not a post: its id is no uuid), so nothing is asked in vain.
 */
function dataLinks(apis: readonly RouteDef[], params: string[]): string {
  const id = params[0];
  let links = '';
  for (const api of apis) {
    if (api.params && (id === undefined || !api.params.safeParse({ id }).success)) return '';
    const url = id === undefined ? api.path : api.path.replace(':id', id);
    links += `<link rel="preload" href="${url}" as="fetch" crossorigin>`;
  }
  return links;
}

/** What the page knows of who asks: the signed-in visitor's saved language, a member's access. */
interface Visitor {
  language: Language | null;
  member: boolean;
}

function visitorOf(viewer: Viewer | null): Visitor | null {
  if (!viewer) return null;
  const { language } = viewer.user;
  return {
    language: isLanguage(language) ? language : null,
    member: viewer.state === 'member' || viewer.state === 'moderator',
  };
}

/** The page of route `routeIndex` for a browser sending `acceptLanguage`, for `visitor`. */
function pageOf(
  pages: IndexPages,
  routeIndex: number,
  pathname: string,
  acceptLanguage: string | undefined,
  visitor: Visitor | null,
): string {
  const saved = visitor?.language ?? null;
  const language = saved ?? chooseLanguage(null, acceptedLanguages(acceptLanguage));
  const member = visitor?.member === true;
  const key = `${routeIndex}|${language}|${saved ?? ''}|${member ? 'member' : ''}`;
  const route = pages.routes[routeIndex];
  let page = pages.pages.get(key);
  if (page === undefined) {
    const messages = pages.locales.get(language) ?? '';
    const hint = saved ? `<meta name="user-language" content="${saved}">` : '';
    // A member's shell (the bell) after the page's own files, those the route lists already once.
    const shell = member ? preloadLinks(pages.member.filter((f) => !route?.files.includes(f))) : '';
    page = pages.index
      .replace(/<html lang="[\w-]*"/, `<html lang="${language}"`)
      .replace('</head>', `${hint}${route?.links ?? ''}${shell}${messages}</head>`);
    pages.pages.set(key, page);
  }
  const apis = member && route ? firstScreenData[route.route] : undefined;
  if (!apis || !route) return page;
  const links = dataLinks(apis, route.pattern.exec(pathname)?.slice(1) ?? []);
  return links ? page.replace('</head>', `${links}</head>`) : page;
}

export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const dist = path.resolve(config.WEB_DIST);
  const indexFile = path.join(dist, 'index.html');
  const assetsDir = path.join(dist, 'assets') + path.sep;
  const hasDist = fs.existsSync(dist);
  let indexPages: IndexPages | null = null;
  /** The page for `pathname` with its modulepreload links, re-read when a new build is in place. */
  const pageFor = (
    pathname: string,
    acceptLanguage: string | undefined,
    visitor: Visitor | null,
  ) => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (indexPages?.mtimeMs !== mtimeMs) indexPages = readIndexPages(dist, indexFile, mtimeMs);
    const routeIndex = indexPages?.routes.findIndex((r) => r.pattern.test(pathname)) ?? -1;
    if (!indexPages || routeIndex < 0) return undefined;
    return {
      html: pageOf(indexPages, routeIndex, pathname, acceptLanguage, visitor),
      vary:
        indexPages.locales.size > 0
          ? 'accept-encoding, accept-language, cookie'
          : 'accept-encoding, cookie',
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

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (!isRead || notAppRoute(pathname)) {
      return reply.status(404).send({
        error: {
          code: 'errors.notFound',
          message: errorMessage(req, 'errors.notFound'),
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
    // The session as the API would see it (a refreshed cookie goes back with the page); a page
    // is still served when the check fails, as to a visitor who is not signed in.
    const viewer = req.headers.cookie ? await loadViewer(req, reply).catch(() => null) : null;
    const page = pageFor(pathname, req.headers['accept-language'], visitorOf(viewer));
    void reply.header('cache-control', REVALIDATE).header('vary', page?.vary ?? 'accept-encoding');
    if (page) return reply.type('text/html; charset=utf-8').send(page.html);
    return reply.sendFile('index.html', dist);
  });
}
