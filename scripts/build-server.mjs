#!/usr/bin/env node
/**
 * Builds the server into `apps/server/dist` (or `--outdir <dir>`): one ES module bundle,
 * `main.js`, holding the server's own code and `@atelier/shared`; npm dependencies (sharp,
 * PGlite, Fastify, …) stay external and are loaded from `node_modules` at run time. Files the
 * code reads by path are copied beside it: the drizzle migrations and the common-password list
 * (see `apps/server/src/lib/shipped-files.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');

/** Files read at run time by path: [from, under apps/server; to, under the output directory]. */
export const shipped = [
  ['drizzle', 'drizzle'],
  ['src/auth/common-passwords.txt', 'auth/common-passwords.txt'],
];

/** What the server build is made from (for the staleness check in `scripts/start.mjs`). */
export const serverSources = [
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/package.json',
  'packages/shared/src',
  'scripts/build-server.mjs',
];

/**
 * Builds the server; resolves to the path of the entry file. `entry` (under apps/server) is
 * `src/main.ts`, or another program that imports the server, built the same way (`npm run bench`
 * builds `bench/server.ts`, so that it measures the code as `npm start` runs it).
 */
export async function buildServer({
  outdir = path.join(serverDir, 'dist'),
  entry = 'src/main.ts',
} = {}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies ?? {})
    .filter((name) => name !== '@atelier/shared')
    .flatMap((name) => [name, `${name}/*`]);
  // Loaded here: the runtime image has no esbuild and only needs `serverSources`.
  const { build } = await import('esbuild');
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(serverDir, entry) },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    external,
    define: { __ATELIER_BUNDLE__: 'true' },
    // Bundled CommonJS code (none today) would need `require`; give ES modules one.
    banner: {
      js: "import { createRequire as __atelierCreateRequire } from 'node:module'; const require = __atelierCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  for (const [from, to] of shipped)
    fs.cpSync(path.join(serverDir, from), path.join(outdir, to), { recursive: true });
  return path.join(outdir, 'main.js');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--outdir');
  const outdir = i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
  const entry = await buildServer({ outdir });
  console.log(`Server built: ${path.relative(process.cwd(), entry)}`);
}
