/**
 * The compiled server (`scripts/build-server.mjs`, what `npm start` and the container run):
 * built, started with plain Node on a free port and a fresh data directory, answers, stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerForTest, startBuilt } from './built-server.ts';
import type { ServerProcess } from './helpers.ts';

describe('the built server', () => {
  let build: Awaited<ReturnType<typeof buildServerForTest>>;
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    build = await buildServerForTest();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-built-'));
  }, 600_000);
  afterAll(async () => {
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGKILL');
      await server.exited;
    }
    build?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('bundles the app and @atelier/shared, keeps npm packages external, ships its files', () => {
    const code = fs.readFileSync(path.join(build.dir, 'main.js'), 'utf8');
    // Our own code and the shared package are inside…
    expect(code).toContain('/api/health');
    expect(code).not.toMatch(/from ["']@atelier\/shared["']/);
    // …dependencies are imported at run time, not bundled.
    expect(code).toMatch(/from ["']fastify["']/);
    expect(code).toMatch(/["']sharp["']/);
    expect(code).toMatch(/["']@electric-sql\/pglite["']/);
    expect(fs.existsSync(path.join(build.dir, 'auth/common-passwords.txt'))).toBe(true);
    expect(fs.existsSync(path.join(build.dir, 'drizzle/meta/_journal.json'))).toBe(true);
  });

  it('starts with plain Node, migrates a new database, answers and shuts down', async () => {
    server = await startBuilt(build.dir, { DATA_DIR: dataDir });
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true, database: 'pglite' });
    // The migrations ran: the sections API reaches the database (anonymous: sign in first).
    const sections = await fetch(`${server.baseUrl}/api/sections`);
    expect(sections.status).toBe(401);
    expect(((await sections.json()) as { error: { code: string } }).error.code).toBe(
      'errors.unauthorized',
    );
    // Registration reads the common-password list shipped beside the bundle…
    const register = (password: string) =>
      fetch(`${server!.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server!.baseUrl },
        body: JSON.stringify({ username: 'builtuser', email: 'built@example.com', password }),
      });
    const common = await register('qwertyuiop');
    expect(common.status).toBe(400);
    expect(((await common.json()) as { error: { fields: object } }).error.fields).toMatchObject({
      password: 'errors.passwordCommon',
    });
    // …and a real one signs in: the session is known (403 for a not yet verified account, not 401).
    const ok = await register('a distinct built passphrase 7');
    expect(ok.status).toBeLessThan(300);
    const cookie = ok.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const signedIn = await fetch(`${server.baseUrl}/api/sections`, { headers: { cookie } });
    expect(signedIn.status).toBe(403);
    expect(((await signedIn.json()) as { error: { code: string } }).error.code).not.toBe(
      'errors.unauthorized',
    );
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 600_000);
});
