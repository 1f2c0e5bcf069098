/**
 * The server as a process: security headers, serving the web app (SPA fallback, cache rules,
 * /api 404, no build yet), media, the data directory lock, and graceful shutdown.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/lock.ts';
import { useTempDirs, useTestApp } from './context.ts';
import { createTestApp, spawnServer } from './helpers.ts';

const tempDir = useTempDirs();

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';

/** A tiny stand-in for apps/web/dist: index.html, one hashed asset, a favicon. */
function makeDist(extra: Record<string, string | Buffer> = {}): string {
  const dist = tempDir('atelier-dist-');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dist, 'assets/app-3f9a1c.js'), 'console.log("app");');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const [name, content] of Object.entries(extra))
    fs.writeFileSync(path.join(dist, name), content);
  return dist;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  const t = useTestApp(() => ({ WEB_DIST: makeDist() }));

  it('sends a CSP that allows no inline script on pages, the API docs page included', async () => {
    for (const url of ['/', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'];
      expect(typeof csp).toBe('string');
      const d = directives(csp as string);
      expect(d.get('script-src')).toEqual(["'self'"]);
      expect(d.get('script-src-attr')).toEqual(["'none'"]);
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(d.get('connect-src')).toContain("'self'");
      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("sends an API answer an API's headers: nothing may run or frame it", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const d = directives(res.headers['content-security-policy'] as string);
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.has('script-src')).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    // A page's policies mean nothing on JSON.
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('sends no HSTS and no upgrade-insecure-requests over http', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(
        directives(res.headers['content-security-policy'] as string).has(
          'upgrade-insecure-requests',
        ),
      ).toBe(false);
    }
  });

  it('sends HSTS when the site is served over https', async () => {
    const secure = await createTestApp({
      baseUrl: 'https://atelier.example.org',
      WEB_DIST: makeDist(),
    });
    try {
      const api = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const res = await secure.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const d = directives(res.headers['content-security-policy'] as string);
      expect(d.has('upgrade-insecure-requests')).toBe(true);
      expect(d.get('connect-src')).toContain('wss://atelier.example.org');
    } finally {
      await secure.close();
    }
  });
});

describe('serving the web app', () => {
  const t = useTestApp(() => ({ WEB_DIST: makeDist() }));

  it('serves index.html at / and for every app route, revalidated on each load', async () => {
    for (const url of [
      '/',
      '/applications',
      '/posts/abc123',
      '/sections/fakes?tab=new',
      '/unknown/route',
      // A member's name may hold a dot: a mention's link is the app, not a missing file.
      '/u/sam.okafor',
      '/u/a.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(indexHtml);
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A script is never a document: a subresource's headers only, not the page's policies.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['permissions-policy']).toBeUndefined();
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing file instead of the app', async () => {
    for (const url of ['/assets/app-old.js', '/assets/', '/robots.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers unknown /api routes with a 404 error body, for every method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/users'],
      ['POST', '/applications'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'errors.notFound' } });
    }
  });

  it('serves uploaded media from DATA_DIR/media under /media', async () => {
    fs.mkdirSync(path.join(t.dataDir, 'media/avatars'), { recursive: true });
    const bytes = Buffer.from('RIFF....WEBPVP8 ');
    fs.writeFileSync(path.join(t.dataDir, 'media/avatars/u1.webp'), bytes);
    const res = await t.app.inject({ method: 'GET', url: '/media/avatars/u1.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const missing = await t.app.inject({ method: 'GET', url: '/media/avatars/none.webp' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('without a web build', () => {
  const t = useTestApp(() => ({ WEB_DIST: path.join(tempDir('atelier-nodist-'), 'dist') }));

  it('answers app routes with 503 and how to build, and the API as usual', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toContain('npm run build');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'errors.notFound' } });
  });
});

describe('health check', () => {
  it('answers 503 when the database does not answer', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        ok: false,
        database: t.database.kind,
        checks: { database: { status: 'down' } },
      });
    } finally {
      await t.close();
    }
  });
});

describe('the embedded data directory lock', () => {
  it('refuses a second open of the same directory in the same process', async () => {
    const dir = path.join(tempDir('atelier-lock-'), 'db');
    const first = await openDatabase({ dataDir: dir });
    try {
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(`is in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
    // Released on close: the directory opens again.
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('makes a second server on the same DATA_DIR exit with a clear message', async () => {
    const dataDir = tempDir('atelier-lock-srv-');
    const first = await spawnServer({ DATA_DIR: dataDir });
    try {
      const second = await spawnServer({ DATA_DIR: dataDir }, { waitListening: false });
      expect(await second.exited).toBe(1);
      const message = second.output.join('\n');
      expect(message).toContain(
        `${path.join(dataDir, 'db')} is in use by process ${first.proc.pid}`,
      );
      // The first one is untouched.
      const res = await fetch(`${first.baseUrl}/api/health`);
      expect(res.status).toBe(200);
    } finally {
      first.proc.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
    expect(fs.existsSync(path.join(dataDir, 'db/atelier.lock'))).toBe(false);
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, and exits 0', async () => {
    const big = Buffer.alloc(48 * 1024 * 1024, 'a');
    const dataDir = tempDir('atelier-shutdown-');
    const server = await spawnServer({
      DATA_DIR: dataDir,
      WEB_DIST: makeDist({ 'big.txt': big }),
      SHUTDOWN_TIMEOUT_MS: '120000',
    });

    // Start a large download and stop reading it, so that it is still in flight. The client
    // keeps connections alive: the server must close this one once the response is done.
    const agent = new http.Agent({ keepAlive: true });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${server.baseUrl}/big.txt`, { agent }, resolve).on('error', reject);
    });
    response.pause();
    expect(response.statusCode).toBe(200);

    server.proc.kill('SIGTERM');
    await server.waitForOutput(/shutting down/);

    // New connections are refused once the listener is closed.
    await waitUntilRefused(server.port);

    // The request in flight completes in full.
    let received = 0;
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    await new Promise((resolve, reject) => {
      response.on('end', resolve);
      response.on('error', reject);
      response.resume();
    });
    expect(received).toBe(big.length);

    expect(await server.exited).toBe(0);
    agent.destroy();
    expect(server.output.join('\n')).toContain('Stopped cleanly');
    expect(fs.existsSync(path.join(dataDir, 'db/atelier.lock'))).toBe(false);
  });
});

async function waitUntilRefused(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
