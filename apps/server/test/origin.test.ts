/**
 * Cross-site requests and response headers: every state-changing request must come from the
 * site's origin (or TRUSTED_ORIGINS) when it carries a cookie — 403 `errors.badOrigin`, nothing
 * changed — while GETs and cookie-less Bearer clients are not concerned; the Socket.IO handshake
 * follows the same rule; Permissions-Policy on every response, `Cache-Control: no-store` on /api.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAuthApp, useUsers } from './context.ts';
import { createUser, request, userRow, requestAs } from './factories.ts';
import type { ClientSocket } from './live-sockets.ts';

const EVIL = 'https://evil.example';
const TRUSTED = 'https://app.example.org';

type Headers = Record<string, string>;

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-origin-dist-'));
beforeAll(() => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js'), 'console.log(1)');
});
// Registered before the app: after hooks run in reverse, so the app closes first.
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const t = useAuthApp({ WEB_DIST: dist }, { env: { TRUSTED_ORIGINS: `${TRUSTED}/` } });
const { mod } = useUsers(t, { mod: ['moderator'] });

const unban = (id: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${id}/unban`,
    headers: { cookie: mod.cookie, ...headers },
  });

describe('Origin of state-changing requests', () => {
  it('refuses an unban from another site (Origin, Referer, null or none) with 403 errors.badOrigin, nothing changed', async () => {
    const u = await createUser(t, { roles: ['member', 'banned'] });
    for (const headers of <Headers[]>[
      { origin: EVIL },
      { origin: `${t.config.baseUrl}.evil.example` },
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { referer: `${EVIL}/page` },
      {},
    ]) {
      const res = await unban(u.id, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'errors.badOrigin' } });
      expect((await userRow(t, u.id)).roles).toContain('banned');
    }
    // The same request from the site itself goes through.
    expect((await unban(u.id, { origin: t.config.baseUrl })).statusCode).toBe(204);
    expect((await userRow(t, u.id)).roles).not.toContain('banned');
  });

  it('accepts the site (by Origin, Referer or a same-origin null Origin) and TRUSTED_ORIGINS', async () => {
    for (const headers of <Headers[]>[
      { origin: t.config.baseUrl },
      { origin: TRUSTED },
      { referer: `${t.config.baseUrl}/users/x` },
      // What a browser sends for a same-origin fetch POST under Referrer-Policy: no-referrer.
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ]) {
      const u = await createUser(t, { roles: ['member', 'banned'] });
      const res = await unban(u.id, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(204);
    }
  });

  it('checks every method and path that writes, Better Auth and our /api/auth routes included', async () => {
    const u = await createUser(t, { roles: ['member'] });
    for (const [method, url, payload] of [
      ['PATCH', '/api/me', { bio: 'forged' }],
      ['DELETE', '/api/me/avatar', undefined],
      ['PUT', '/api/auth/verify/fp_abc', undefined],
      ['POST', '/api/auth/sign-out', {}],
      ['POST', '/api/nope', {}],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: u.cookie, origin: EVIL },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code, `${method} ${url}`).toBe('errors.badOrigin');
    }
    expect((await userRow(t, u.id)).bio).not.toBe('forged');
    // Still signed in: the forged sign-out did nothing.
    expect((await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).statusCode).toBe(
      200,
    );
  });

  it('leaves GETs alone: no Origin needed, even with a cookie', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: mod.cookie },
    });
    expect(me.statusCode).toBe(200);
    const fromElsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: mod.cookie, origin: EVIL },
    });
    expect(fromElsewhere.statusCode).toBe(200);
  });

  it('lets a client without cookies write with Authorization: Bearer and no Origin', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const signIn = await requestAs(t, null, 'POST /api/auth/sign-in/email', {
      email: u.email,
      password: u.password,
    });
    const token = String(signIn.headers['set-auth-token']);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { bio: 'from my script' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(t, u.id)).bio).toBe('from my script');
    // A Bearer request that also carries a cookie is a browser's: the cookie rule applies.
    const withCookie = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}`, cookie: u.cookie },
      payload: { bio: 'forged' },
    });
    expect(withCookie.statusCode).toBe(403);
  });
});

describe('the Socket.IO handshake', () => {
  let url: string;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  const open = (
    headers: Record<string, string>,
    transport: 'websocket' | 'polling' = 'websocket',
  ) => {
    const socket: ClientSocket = connect(url, {
      path: '/socket.io',
      transports: [transport],
      reconnection: false,
      forceNew: true,
      extraHeaders: headers,
    });
    sockets.push(socket);
    return new Promise<ClientSocket>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => reject(err));
    });
  };

  it('refuses a handshake from another site, by Origin, Referer or Sec-Fetch-Site', async () => {
    const member = await createUser(t, { roles: ['member'] });
    for (const transport of ['websocket', 'polling'] as const) {
      for (const headers of <Headers[]>[
        { origin: EVIL },
        { origin: 'null' },
        { referer: `${EVIL}/x` },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ]) {
        await expect(
          open({ cookie: member.cookie, ...headers }, transport),
          `${transport} ${JSON.stringify(headers)}`,
        ).rejects.toThrow();
      }
    }
    // From the site, or a same-origin polling GET (no Origin), it connects.
    const ok = await open({ cookie: member.cookie, origin: t.config.baseUrl });
    expect(ok.connected).toBe(true);
    const polling = await open(
      { cookie: member.cookie, 'sec-fetch-site': 'same-origin' },
      'polling',
    );
    expect(polling.connected).toBe(true);
  });
});

describe('response headers', () => {
  it('sends a Permissions-Policy denying devices on every page, keeping fullscreen for the site', async () => {
    for (const url of ['/', '/posts/abc', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy, `${url} ${feature}`).toContain(`${feature}=()`);
      }
      expect(policy, url).toContain('fullscreen=(self)');
    }
    // A policy for documents: JSON answers and the build's scripts go without it.
    for (const url of ['/api/health', '/api/me', '/api/nope', '/assets/app-1a2b3c.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers every /api request with Cache-Control: no-store, and leaves /assets and /media their caching', async () => {
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: mod.cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/me' }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: mod.cookie },
      }),
      await unban('00000000-0000-0000-0000-000000000000', { origin: EVIL }),
    ];
    for (const res of responses)
      expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    fs.mkdirSync(path.join(t.dataDir, 'media/avatars'), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'media/avatars/a.webp'), 'RIFF....WEBPVP8 ');
    const media = await t.app.inject({ method: 'GET', url: '/media/avatars/a.webp' });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).not.toBe('no-store');
  });
});
