/**
 * Vite 7 build of the web app. JSX is compiled by Vite's esbuild (automatic runtime), without
 * @vitejs/plugin-react: that plugin resolves the root workspace's Vite 8 (pulled in by vitest)
 * and would configure itself for Rolldown. The only loss is React Fast Refresh in dev (a change
 * reloads the page).
 */
import { defineConfig } from 'vite';

const api = process.env.ATELIER_API ?? 'http://localhost:3000';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
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
  },
});
