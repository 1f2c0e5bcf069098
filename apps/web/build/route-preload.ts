/**
 * Vite plugin: which JS files each route's first screen needs, so the server can announce them in
 * the page it sends (`<link rel="modulepreload">`) instead of the browser discovering them one
 * level at a time (entry → lazy page → the page's own imports).
 *
 * It reads the route table of `src/app/router.tsx` (`const X = page(() => import('…'))` and
 * `<Route path="…" element={<X />} />`), finds each page's chunk in the bundle with everything it
 * imports statically, and writes `route-preload.json`: `{ "/posts/:postId": ["/assets/…js", …] }`.
 * The entry and what it imports are left out (the page's own script tag already loads them).
 * It also writes `locale-preload.json` (`{ "en": "/assets/en-….js", … }`): the server announces
 * the messages of the language the page will choose, which would otherwise be asked for only once
 * the entry has run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const routePreloadFile = 'route-preload.json';
/** Language → the chunk of its messages (`src/i18n/locales/<language>.json`), announced likewise. */
export const localePreloadFile = 'locale-preload.json';

/** Route path → the module (as written in the router) its page is lazily imported from. */
export function routeModules(routerSource: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [, name = '', module = ''] of routerSource.matchAll(
    /const (\w+) = page\(\(\) => import\('([^']+)'\)\);/g,
  ))
    pages.set(name, module);
  const routes = new Map<string, string>();
  for (const [, routePath = '', component = ''] of routerSource.matchAll(
    /<Route path="([^"]+)" element=\{<(\w+) \/>\} \/>/g,
  )) {
    const module = pages.get(component);
    if (module) routes.set(routePath, module);
    else if (component !== 'Navigate')
      throw new Error(`route-preload: ${routePath} renders ${component}, not a lazy page()`);
  }
  if (routes.size === 0) throw new Error('route-preload: no route found in the router');
  return routes;
}

/** The parts of a Rollup output chunk this plugin reads. */
export interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  moduleIds?: string[];
  imports?: string[];
}

/** Route path → the files (URL paths under `base`) its page chunk needs, entry excluded. */
export function routePreloads(
  routes: Map<string, string>,
  routerFile: string,
  bundle: Record<string, ChunkInfo>,
  base = '/',
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  // A page is its chunk's facade, or was merged into a chunk it shares with other modules.
  const chunkOf = (id: string) =>
    chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds?.includes(id));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const loadedByEntry = new Set<string>();
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
  };
  for (const entry of chunks.filter((c) => c.isEntry)) closure(entry.fileName, loadedByEntry);

  const result: Record<string, string[]> = {};
  for (const [routePath, module] of routes) {
    const id = path.resolve(path.dirname(routerFile), module);
    const chunk = chunkOf(id);
    if (!chunk) throw new Error(`route-preload: no chunk for ${module} (${routePath})`);
    const files = new Set<string>();
    closure(chunk.fileName, files);
    result[routePath] = [...files].filter((f) => !loadedByEntry.has(f)).map((f) => base + f);
  }
  return result;
}

/** Language → the URL path of the chunk holding its messages (`…/i18n/locales/<language>.json`). */
export function localePreloads(
  bundle: Record<string, ChunkInfo>,
  base = '/',
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const chunk of Object.values(bundle)) {
    const language = /\/i18n\/locales\/([a-z]{2})\.json$/.exec(chunk.facadeModuleId ?? '')?.[1];
    if (chunk.type === 'chunk' && language) result[language] = base + chunk.fileName;
  }
  return result;
}

export function routePreloadPlugin(routerPath = 'src/app/router.tsx'): Plugin {
  let routerFile = '';
  let base = '/';
  return {
    name: 'atelier-route-preload',
    apply: 'build',
    configResolved(config) {
      routerFile = path.resolve(config.root, routerPath);
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const routes = routeModules(fs.readFileSync(routerFile, 'utf8'));
      const preloads = routePreloads(routes, routerFile, bundle, base);
      this.emitFile({
        type: 'asset',
        fileName: routePreloadFile,
        source: `${JSON.stringify(preloads, null, 1)}\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: localePreloadFile,
        source: `${JSON.stringify(localePreloads(bundle, base), null, 1)}\n`,
      });
    },
  };
}
