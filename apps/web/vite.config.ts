/**
 * Vite 7 build of the web app (the root package.json pins every vite in the tree to 7, so
 * vitest and @vitejs/plugin-react agree with it). Dev proxies the API to a running server.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleModulesPlugin } from './build/bundle-modules.ts';
import { precompressPlugin } from './build/precompress.ts';
import { routePreloadPlugin } from './build/route-preload.ts';

const api = process.env.ATELIER_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), routePreloadPlugin(), bundleModulesPlugin(), precompressPlugin()],
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
  },
});
