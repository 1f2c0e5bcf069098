#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the server (`scripts/build-server.mjs`, into
 * `apps/server/dist`) when a build is missing or older than its sources, then runs the compiled
 * server with plain Node (it applies the migrations and listens on PORT). SIGTERM, SIGINT and SIGHUP are
 * passed on to the server, which shuts down gracefully; its exit code becomes ours.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const builtServer = path.join(root, 'apps/server/dist/main.js');
/** What the web build is made from. */
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/shared/src',
];
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time under `file` (a file or a directory), 0 when missing. */
function newestMtime(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return isTest(file) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file))
    newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** Why `built` must be (re)built from `from` (paths under the root), or undefined when it is fresh. */
function buildReason(built, from) {
  if (!fs.existsSync(built)) return 'no build yet';
  const builtAt = fs.statSync(built).mtimeMs;
  const changed = from.find((s) => newestMtime(path.join(root, s)) > builtAt);
  return changed ? `${changed} changed since the last build` : undefined;
}

/** npm itself: the one running us when started with `npm start`, else the one on PATH. */
function npm(args) {
  const npmCli = process.env.npm_execpath;
  return npmCli && /\.[cm]?js$/.test(npmCli)
    ? spawnSync(process.execPath, [npmCli, ...args], { cwd: root, stdio: 'inherit' })
    : spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
        cwd: root,
        stdio: 'inherit',
      });
}

const webReason = buildReason(builtIndex, sources);
if (webReason) {
  console.log(`Building the web app (${webReason})…`);
  const build = npm(['run', 'build', '-w', '@atelier/web']);
  if (build.status !== 0) {
    console.error(
      `\nThe web app build failed (exit ${build.status ?? build.signal}); the server was not started.`,
    );
    process.exit(build.status || 1);
  }
}

const { serverSources, buildServer } = await import('./build-server.mjs');
const serverReason = buildReason(builtServer, serverSources);
if (serverReason) {
  console.log(`Building the server (${serverReason})…`);
  try {
    await buildServer();
  } catch (err) {
    console.error(`\nThe server build failed (${err.message}); the server was not started.`);
    process.exit(1);
  }
}

// The server runs in its own process group: a Ctrl-C in the terminal reaches only this
// process, which passes it on once (npm may deliver the same signal a second time).
// MALLOC_ARENA_MAX: glibc's malloc keeps up to eight arenas per core, each holding on to memory
// freed by native code (PGlite's compiler, zlib, sharp); two arenas keep ~40 MB less resident on
// an idle server (docs/operations.md, Memory). Set it yourself to override.
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});

let lastForward = 0;
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    const now = Date.now();
    // The same Ctrl-C delivered twice (by the terminal and by npm) counts once; a later one
    // asks the server to stop at once.
    if (now - lastForward < 1000) return;
    lastForward = now;
    if (server.exitCode === null) server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}

server.on('error', (err) => {
  console.error(`Cannot start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGKILL' ? 137 : 1));
});
