/** The compiled server for tests: built into a scratch directory, started with the production command. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, type ServerProcess } from './helpers.ts';

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `npm start` and the container run exactly this (from the repository root). */
export const startCommand = ['node', '--enable-source-maps', 'apps/server/dist/main.js'];

interface BuildServer {
  buildServer: (options: { outdir: string }) => Promise<string>;
}

/**
 * Builds the server with `scripts/build-server.mjs` into `apps/server/.build-test-<random>` (the
 * same depth as `apps/server/dist`, so that the paths the bundle resolves are the same).
 */
export async function buildServerForTest(): Promise<{ dir: string; remove(): void }> {
  const { buildServer } = (await import(
    path.join(repoDir, 'scripts/build-server.mjs')
  )) as BuildServer;
  const dir = path.join(repoDir, 'apps/server', `.build-test-${crypto.randomUUID()}`);
  await buildServer({ outdir: dir });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Polls /api/health until it answers 200; fails when the process exits first. */
export async function waitHealthy(server: ServerProcess): Promise<Response> {
  let exited: string | undefined;
  void server.exited.then((code) => (exited = String(code)));
  for (;;) {
    if (exited !== undefined)
      throw new Error(
        `Server exited (${exited}) before it was healthy:\n${server.output.join('\n')}`,
      );
    try {
      const res = await fetch(`${server.baseUrl}/api/health`);
      if (res.ok) return res;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs `command` (the start command, with `apps/server/dist` replaced by `dir`) against `env`. */
export async function startBuilt(
  dir: string,
  env: Record<string, string> & { DATA_DIR: string },
  command = startCommand,
): Promise<ServerProcess> {
  const [node, ...args] = command;
  if (node !== 'node') throw new Error(`The start command does not run node: ${command.join(' ')}`);
  const rel = path.relative(repoDir, dir);
  const server = await spawnServer(env, {
    waitListening: false,
    cwd: repoDir,
    args: args.map((a) => a.replace(/^apps\/server\/dist\//, `${rel}/`)),
  });
  await waitHealthy(server);
  return server;
}
