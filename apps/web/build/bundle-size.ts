/**
 * The size of what the browser downloads before the first screen: the scripts index.html names
 * (the entry and the `modulepreload` links Vite adds for its static imports) plus, per route, the
 * page chunks the server announces (`route-preload.json`, route-preload.ts), each counted as its
 * gzip copy (precompress.ts writes `.gz` beside it; gzipped here when the copy is missing).
 *
 * `npm run bundle:report -w apps/web` prints it after a build, chunk by chunk; the browser tests
 * check the budget on the built files (e2e/tests/bundle-budget.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The budget of the entry's scripts, gzip, in KB. The Preact build's entry is ~47 KB (no MUI:
 * build/mui-theme.ts); React's (`ATELIER_WEB_RUNTIME=react`) is about 50 KB more (react-dom).
 */
export const initialJsBudgetKb = 60;

/**
 * The budget of a first screen's scripts (entry + the page chunks the server announces), gzip, in
 * KB: issue 12 aims at 150 KB for all a first screen loads, of which the messages of its language
 * are 12–15 KB (one chunk per language, not counted here).
 */
export const routeJsBudgetKb = 135;

/** The first screens held to `routeJsBudgetKb` (the browser tests check them). */
export const budgetedRoutes = ['/', '/login', '/posts/:postId'];

/** Script URLs named by an HTML page: module scripts and modulepreload links, in order. */
export function scriptsOf(html: string): string[] {
  const files = new Set<string>();
  for (const [, src = ''] of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    files.add(src);
  for (const [, href = ''] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    files.add(href);
  return [...files];
}

/** Gzip bytes of a built file named by its URL path (`/assets/x.js`). */
export function gzipBytes(distDir: string, url: string): number {
  const file = path.join(distDir, url.replace(/^\//, ''));
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export interface InitialJs {
  /** Scripts of index.html (every route loads them) with their gzip bytes. */
  entry: { file: string; gzip: number }[];
  entryGzip: number;
  /** Route pattern → gzip bytes of the entry plus that route's announced page chunks. */
  routes: Record<string, number>;
}

export function initialJs(distDir: string): InitialJs {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entry = scriptsOf(html).map((file) => ({ file, gzip: gzipBytes(distDir, file) }));
  const entryGzip = entry.reduce((sum, f) => sum + f.gzip, 0);
  const preloadFile = path.join(distDir, 'route-preload.json');
  const preloads: Record<string, string[]> = fs.existsSync(preloadFile)
    ? (JSON.parse(fs.readFileSync(preloadFile, 'utf8')) as Record<string, string[]>)
    : {};
  const routes: Record<string, number> = {};
  // The list names the routes' style sheets too: scripts only here.
  for (const [route, files] of Object.entries(preloads))
    routes[route] =
      entryGzip +
      files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipBytes(distDir, f), 0);
  return { entry, entryGzip, routes };
}
