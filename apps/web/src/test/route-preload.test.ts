// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  localePreloads,
  memberModules,
  modulePreloads,
  routeModules,
  routePreloads,
  type ChunkInfo,
} from '../../build/route-preload.ts';

const routerFile = path.resolve(__dirname, '../app/router.tsx');

describe('route-preload', () => {
  it('reads every lazy page route of the real router', () => {
    const routes = routeModules(fs.readFileSync(routerFile, 'utf8'));
    expect(routes.get('/login')).toBe('../pages/login/LoginPage.tsx');
    expect(routes.get('/posts/:postId')).toBe('../pages/posts/PostPage.tsx');
    expect(routes.has('*')).toBe(false);
    expect(routes.size).toBeGreaterThanOrEqual(18);
  });

  it('refuses a route whose element is not a lazy page', () => {
    expect(() =>
      routeModules(`const A = page(() => import('./a.tsx'));\n<Route path="/b" element={<B />} />`),
    ).toThrow(/\/b renders B/);
  });

  it("lists a page's chunk and its static imports, without what the entry loads", () => {
    const dir = path.dirname(routerFile);
    const css = (...files: string[]) => ({ importedCss: new Set(files) });
    const bundle: Record<string, ChunkInfo> = {
      'index.js': {
        type: 'chunk',
        fileName: 'assets/index.js',
        isEntry: true,
        imports: ['assets/react.js'],
        viteMetadata: css('assets/index.css'),
      },
      'react.js': { type: 'chunk', fileName: 'assets/react.js', imports: [] },
      'Login.js': {
        type: 'chunk',
        fileName: 'assets/Login.js',
        facadeModuleId: path.resolve(dir, '../pages/login/LoginPage.tsx'),
        imports: ['assets/TextField.js', 'assets/react.js'],
        viteMetadata: css('assets/Login.css'),
      },
      'TextField.js': {
        type: 'chunk',
        fileName: 'assets/TextField.js',
        imports: ['assets/utils.js'],
        viteMetadata: css('assets/TextField.css', 'assets/index.css'),
      },
      'utils.js': { type: 'chunk', fileName: 'assets/utils.js', imports: [] },
      'style.css': { type: 'asset', fileName: 'assets/style.css' },
    };
    const preloads = routePreloads(
      new Map([['/login', '../pages/login/LoginPage.tsx']]),
      routerFile,
      bundle,
    );
    expect(preloads).toEqual({
      '/login': [
        // The style sheets first, the imports' before the page's own (Vite's loader adds them in
        // that order); the entry's sheet is already in index.html.
        '/assets/TextField.css',
        '/assets/Login.css',
        '/assets/Login.js',
        '/assets/TextField.js',
        '/assets/utils.js',
      ],
    });
  });

  it("lists the files of the shell's lazy parts, each once, without what the entry loads", () => {
    const dir = path.dirname(routerFile);
    const bell = path.resolve(dir, 'shell/NotificationBell.tsx');
    const dot = path.resolve(dir, 'shell/Dot.tsx');
    const bundle: Record<string, ChunkInfo> = {
      'index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, imports: [] },
      'Bell.js': {
        type: 'chunk',
        fileName: 'assets/Bell.js',
        facadeModuleId: bell,
        imports: ['assets/index.js', 'assets/api.js'],
        viteMetadata: { importedCss: new Set(['assets/Bell.css']) },
      },
      // Merged into a chunk it shares with another module.
      'shared.js': {
        type: 'chunk',
        fileName: 'assets/shared.js',
        moduleIds: [dot, path.resolve(dir, 'other.tsx')],
        imports: ['assets/api.js'],
      },
      'api.js': { type: 'chunk', fileName: 'assets/api.js', imports: [] },
    };
    expect(modulePreloads([bell, dot], bundle)).toEqual([
      '/assets/Bell.css',
      '/assets/Bell.js',
      '/assets/api.js',
      '/assets/shared.js',
    ]);
    expect(() => modulePreloads([path.resolve(dir, 'missing.tsx')], bundle)).toThrow(/no chunk/);
  });

  it('names member modules that exist', () => {
    // The list names files of src: a renamed or moved module would fail the build.
    for (const module of memberModules)
      expect(fs.existsSync(path.resolve(__dirname, '../..', module))).toBe(true);
  });

  it("finds the chunk of each language's messages", () => {
    const locales = path.resolve(__dirname, '../../../../packages/shared/src/locales');
    const bundle: Record<string, ChunkInfo> = {
      'index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true },
      'en.js': { type: 'chunk', fileName: 'assets/en-1a.js', facadeModuleId: `${locales}/en.json` },
      'ko.js': { type: 'chunk', fileName: 'assets/ko-2b.js', facadeModuleId: `${locales}/ko.json` },
      'en.json': { type: 'asset', fileName: 'assets/en.json' },
    };
    expect(localePreloads(bundle)).toEqual({ en: '/assets/en-1a.js', ko: '/assets/ko-2b.js' });
  });
});
