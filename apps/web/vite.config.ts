/**
 * Vite 7 build of the web app (the root package.json pins every vite in the tree to 7, so
 * vitest and @vitejs/plugin-react agree with it). Dev proxies the API to a running server.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress.ts';
import { routePreloadPlugin } from './build/route-preload.ts';

const api = process.env.ATELIER_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), routePreloadPlugin(), precompressPlugin()],
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
    // The target for the entry chunk is 170 KB gzip (not checked by any script); raw size is not the budget.
    chunkSizeWarningLimit: 600,
  },
});
