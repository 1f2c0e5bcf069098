/**
 * Vite 7 build of the web app (the root package.json pins every vite in the tree to 7, so
 * vitest and @vitejs/plugin-react agree with it). Dev proxies the API to a running server.
 */
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { bundleModulesPlugin } from './build/bundle-modules.ts';
import { compileHintsPlugin } from './build/compile-hints.ts';
import { muiThemePlugin } from './build/mui-theme.ts';
import { precompressPlugin } from './build/precompress.ts';
import { routePreloadPlugin } from './build/route-preload.ts';

const api = process.env.ATELIER_API ?? 'http://localhost:3000';

/**
 * The production build renders with Preact through `preact/compat` (the same React API in about
 * 10 KB gzip instead of react-dom's 60): every route's first script is that much smaller and
 * faster to run on a phone. `npm run dev` and the unit tests keep React (fast refresh, React's
 * own warnings); the browser tests run the production build, so they check the Preact one.
 * `ATELIER_WEB_RUNTIME=react npm run build` builds with React, to compare or to rule Preact out.
 */
const preactAliases = [
  {
    find: /^react-dom\/client$/,
    replacement: fileURLToPath(new URL('./build/preact-client.ts', import.meta.url)),
  },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  {
    find: /^react$/,
    replacement: fileURLToPath(new URL('./build/preact-react.ts', import.meta.url)),
  },
];

/**
 * React Router 7's package exports resolve to its development build in every mode (its issue
 * #14753): the production build would carry its dev warnings and checks (about 5 KB gzip, and
 * slower route matching). Its production build sits beside it, same API.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [
    muiThemePlugin(),
    react(),
    routePreloadPlugin(),
    bundleModulesPlugin(),
    compileHintsPlugin(),
    precompressPlugin(),
  ],
  resolve: {
    alias: [
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
      ...(command === 'build' && process.env.ATELIER_WEB_RUNTIME !== 'react' ? preactAliases : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: api },
      '/media': { target: api },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api },
      '/media': { target: api },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The budget is the gzip size of the entry's scripts (build/bundle-size.ts, checked by
    // e2e/tests/bundle-budget.test.ts and `npm run bundle:report`); raw size is not the budget.
    chunkSizeWarningLimit: 600,
    // Every browser the app supports knows modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Chunks of less than 8 KB that run nothing when loaded (components, helpers) are merged into
    // a chunk loaded in the same cases: the first screens load 13–35 files instead of 23–52, each
    // a round trip over HTTP/1.1, for about the same bytes (Lighthouse: LCP 0.5–0.7 s earlier).
    rollupOptions: { output: { experimentalMinChunkSize: 8000 } },
  },
}));
