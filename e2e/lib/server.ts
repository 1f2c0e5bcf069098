/**
 * Starts the real server (the built web app + API) on a fresh data directory and a free port,
 * exactly as `npm start` does minus the build step, and stops it gracefully.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  mailDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // A new secret per run: nothing public signs anything, not even in tests.
        AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: baseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // Waits for readiness; a loaded machine may need long (E2E_SERVER_START_MS, default 180 s; each
  // test file has its own 10-minute limit anyway). A server that never answers is killed, so a
  // failed start cannot leave the test run waiting on its process.
  const startMs = Number(process.env.E2E_SERVER_START_MS ?? 180_000);
  const deadline = Date.now() + startMs;
  const giveUp = (reason: string): never => {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(reason);
  };
  for (;;) {
    if (child.exitCode !== null) giveUp(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) giveUp(`server did not start within ${startMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    mailDir: path.join(dataDir, 'mail'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
