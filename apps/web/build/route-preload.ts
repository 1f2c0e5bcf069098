/**
 * Vite plugin: which files each route's first screen needs, so the server can announce them in
 * the page it sends instead of the browser discovering them one level at a time (entry → lazy
 * page → the page's own imports → the page's style sheets, which Vite's loader fetches only when
 * the page is imported and awaits before rendering it).
 *
 * It reads the route table of `src/app/router.tsx` (`const X = page(() => import('…'))` and
 * `<Route path="…" element={<X />} />`), finds each page's chunk in the bundle with everything it
 * imports statically, and writes `route-preload.json`:
 * `{ "/posts/:postId": ["/assets/…css", …, "/assets/…js", …] }` — the style sheets of those chunks
 * (in the order Vite's loader would add them) and the chunks. The server announces the scripts as
 * `<link rel="modulepreload">` and links the sheets (`<link rel="stylesheet">`: Vite's loader then
 * finds them in the page and does not wait for them again). The entry and what it imports are left
 * out (the page's own script and style tags already load them).
 * It also writes `locale-preload.json` (`{ "en": "/assets/en-….js", … }`): the server announces
 * the messages of the language the page will choose, which would otherwise be asked for only once
 * the entry has run; and `member-preload.json` (`["/assets/NotificationBell-….js", …]`): the lazy
 * parts of the shell a member's every page shows, announced on members' pages (the bell's chunk
 * was asked for only once the page had rendered, the last download before its largest paint).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const routePreloadFile = 'route-preload.json';
/**
 * Language → the chunk of its messages (`packages/shared/src/locales/<language>.json`), announced
 * likewise.
 */
export const localePreloadFile = 'locale-preload.json';
/** The files of the shell's lazy parts a member's every page loads (`memberModules`). */
export const memberPreloadFile = 'member-preload.json';

/**
 * The shell's lazy parts every page of a member shows at once: the top bar's notification bell
 * (lazy, as visitors and applicants never load it).
 */
export const memberModules = ['src/app/shell/NotificationBell.tsx'];

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
  /** Vite's: the CSS files the chunk's modules import (loaded with the chunk). */
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The files (URL paths under `base`) the chunk of a module needs besides the entry: the style
 * sheets first, in the order Vite's loader adds them (a chunk's imports' sheets, then its own),
 * then the chunk and its static imports. Undefined when no chunk holds the module.
 */
function chunkFiles(bundle: Record<string, ChunkInfo>, base: string) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  // A module is its chunk's facade, or was merged into a chunk it shares with other modules.
  const chunkOf = (id: string) =>
    chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds?.includes(id));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  /** Adds `file` and its static imports to `into`, their style sheets to `css` (Vite's order). */
  const closure = (file: string, into: Set<string>, css: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    const chunk = byFile.get(file);
    for (const dep of chunk?.imports ?? []) closure(dep, into, css);
    for (const sheet of chunk?.viteMetadata?.importedCss ?? []) css.add(sheet);
  };
  const loadedByEntry = new Set<string>();
  const entryCss = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry))
    closure(entry.fileName, loadedByEntry, entryCss);
  return (id: string): string[] | undefined => {
    const chunk = chunkOf(id);
    if (!chunk) return undefined;
    const files = new Set<string>();
    const css = new Set<string>();
    closure(chunk.fileName, files, css);
    return [
      ...[...css].filter((f) => !entryCss.has(f)),
      ...[...files].filter((f) => !loadedByEntry.has(f)),
    ].map((f) => base + f);
  };
}

/** Route path → the files its page chunk needs, entry excluded (`chunkFiles`). */
export function routePreloads(
  routes: Map<string, string>,
  routerFile: string,
  bundle: Record<string, ChunkInfo>,
  base = '/',
): Record<string, string[]> {
  const filesOf = chunkFiles(bundle, base);
  const result: Record<string, string[]> = {};
  for (const [routePath, module] of routes) {
    const files = filesOf(path.resolve(path.dirname(routerFile), module));
    if (!files) throw new Error(`route-preload: no chunk for ${module} (${routePath})`);
    result[routePath] = files;
  }
  return result;
}

/**
 * The files the lazy modules `moduleFiles` (absolute paths) need, entry excluded, each once: the
 * parts of the shell every page of a member loads (the notification bell), announced on their
 * pages so that they do not start downloading only once the page has rendered.
 */
export function modulePreloads(
  moduleFiles: string[],
  bundle: Record<string, ChunkInfo>,
  base = '/',
): string[] {
  const filesOf = chunkFiles(bundle, base);
  const files = moduleFiles.flatMap((file) => {
    const found = filesOf(file);
    if (!found) throw new Error(`route-preload: no chunk for ${file}`);
    return found;
  });
  // Style sheets first, as in a route's list.
  const unique = [...new Set(files)];
  return [
    ...unique.filter((f) => f.endsWith('.css')),
    ...unique.filter((f) => !f.endsWith('.css')),
  ];
}

/** Language → the URL path of the chunk holding its messages (`…/locales/<language>.json`). */
export function localePreloads(
  bundle: Record<string, ChunkInfo>,
  base = '/',
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const chunk of Object.values(bundle)) {
    const language = /\/shared\/src\/locales\/([a-z]{2})\.json$/.exec(
      chunk.facadeModuleId ?? '',
    )?.[1];
    if (chunk.type === 'chunk' && language) result[language] = base + chunk.fileName;
  }
  return result;
}

export function routePreloadPlugin(routerPath = 'src/app/router.tsx'): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'atelier-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const routerFile = path.resolve(root, routerPath);
      const routes = routeModules(fs.readFileSync(routerFile, 'utf8'));
      const emit = (fileName: string, value: unknown) =>
        this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(value, null, 1)}\n` });
      emit(routePreloadFile, routePreloads(routes, routerFile, bundle, base));
      emit(localePreloadFile, localePreloads(bundle, base));
      emit(
        memberPreloadFile,
        modulePreloads(
          memberModules.map((m) => path.resolve(root, m)),
          bundle,
          base,
        ),
      );
    },
  };
}
