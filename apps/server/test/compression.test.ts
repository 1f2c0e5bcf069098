/**
 * Compression: JSON answers over 1 KB are compressed per request (brotli or gzip, as the client
 * accepts); the built web app is sent from the copies compressed at build time, with
 * `Vary: Accept-Encoding`; small answers, and clients that accept nothing, get plain bytes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser, requestAs } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { newPost } from './post-factories.ts';

const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body>${'<!-- padding -->'.repeat(100)}<div id="root"></div></body></html>`;
const appJs = `console.log(${JSON.stringify('atelier '.repeat(400))});`;

/** A stand-in for apps/web/dist as the build leaves it: each text file with its .br and .gz. */
function makeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const [name, text] of [
    ['index.html', indexHtml],
    ['assets/app-1a2b3c.js', appJs],
  ] as const) {
    const file = path.join(dist, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  fs.writeFileSync(
    path.join(dist, 'route-preload.json'),
    JSON.stringify({
      '/login': [
        '/assets/LoginPage-5a6b7c.css',
        '/assets/LoginPage-9f8e7d.js',
        '/assets/TextField-123abc.js',
      ],
      '/posts/:postId': ['/assets/PostPage-4d5e6f.js'],
    }),
  );
  fs.writeFileSync(
    path.join(dist, 'member-preload.json'),
    JSON.stringify(['/assets/NotificationBell-7a8b9c.js', '/assets/PostPage-4d5e6f.js']),
  );
  return dist;
}

let t: TestApp;
let dist: string;
let cookie: string;
let postId: string;
beforeAll(async () => {
  dist = makeDist();
  t = await createTestApp({ WEB_DIST: dist });
  const member = await createMember(t);
  cookie = member.cookie;
  postId = (await newPost(t, member, { body: 'A long body. '.repeat(300) })).id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** GET `url`, accepting `acceptEncoding` if given. */
function get(url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
}

const getPost = (acceptEncoding?: string) =>
  get(`/api/posts/${postId}`, acceptEncoding, { cookie });

describe('JSON answers', () => {
  it('are sent with brotli when the client accepts it, and decode to the same JSON', async () => {
    const plain = await getPost();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await getPost('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('are sent with gzip to a client that does not accept brotli', async () => {
    const plain = await getPost();
    const gz = await getPost('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('under 1 KB are sent as they are', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ ok: true });
  });
});

describe('the built web app', () => {
  it('sends the brotli copy made at build time for an asset', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets/app-1a2b3c.js.br')))).toBe(
      true,
    );
  });

  it('sends the gzip copy, or the file itself, to clients that accept less', async () => {
    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(appJs);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('sends index.html compressed for an app route, still revalidated on every load', async () => {
    const res = await get('/sections/general', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
  });
});

describe("a route's page", () => {
  it('announces the files its first screen needs: modulepreload and style sheet links', async () => {
    const res = await get('/posts/0b6f7c3e-1111-4222-8333-444455556666');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/PostPage-4d5e6f.js"></head>',
    );
    expect(res.body).not.toContain('LoginPage');

    const login = await get('/login');
    expect(login.body.match(/rel="modulepreload"/g)).toHaveLength(2);
    // Its style sheets are linked (Vite's loader finds them there and does not wait for them).
    expect(login.body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/LoginPage-5a6b7c.css"><link rel="modulepreload" crossorigin href="/assets/LoginPage-9f8e7d.js">',
    );
    expect(login.body.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('is index.html as built for a route the list does not name', async () => {
    const res = await get('/no/such/route');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(indexHtml);
  });

  it('announces the messages of the language the browser will choose, and only those', async () => {
    const index = path.join(dist, 'index.html');
    const rebuilt = (seconds: number) => {
      const at = new Date(Date.now() + seconds * 1000);
      fs.utimesSync(index, at, at);
    };
    fs.writeFileSync(
      path.join(dist, 'locale-preload.json'),
      JSON.stringify({
        en: '/assets/en-aa11.js',
        ko: '/assets/ko-bb22.js',
        fr: '/assets/fr-cc33.js',
      }),
    );
    rebuilt(5);
    try {
      const ko = await get('/login', undefined, { 'accept-language': 'en-US,ko;q=0.8' });
      expect(ko.headers.vary).toBe('accept-encoding, accept-language, cookie');
      expect(ko.body).toContain('<link rel="modulepreload" crossorigin href="/assets/ko-bb22.js">');
      expect(ko.body).not.toMatch(/en-aa11|fr-cc33/);
      // The app skips the browser's first language (the seed's rule): French alone gives English.
      const en = await get('/login', undefined, { 'accept-language': 'fr-FR' });
      expect(en.body.match(/rel="modulepreload"/g)).toHaveLength(3);
      expect(en.body).toContain('/assets/en-aa11.js');
      expect(en.body).not.toMatch(/ko-bb22|fr-cc33/);

      // Signed in with a saved language: the page is in it, whatever the browser says.
      const saved = await createMember(t);
      expect((await requestAs(t, saved, 'PATCH /api/me', { language: 'fr' })).statusCode).toBe(200);
      const fr = await get('/login', undefined, {
        'accept-language': 'en-US',
        cookie: saved.cookie,
      });
      expect(fr.body).toContain('<meta name="user-language" content="fr">');
      expect(fr.body).toContain('/assets/fr-cc33.js');
      expect(fr.body).not.toMatch(/en-aa11|ko-bb22/);
    } finally {
      fs.rmSync(path.join(dist, 'locale-preload.json'));
      rebuilt(10);
    }
  });

  it("announces a member's shell (the bell) on a member's every page, once", async () => {
    const bell =
      /<link rel="modulepreload" crossorigin href="\/assets\/NotificationBell-7a8b9c\.js">/g;
    const modulepreloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const post = await get(`/posts/${postId}`, undefined, { cookie });
    expect(modulepreloads(post.body)).toEqual([
      '/assets/PostPage-4d5e6f.js',
      '/assets/NotificationBell-7a8b9c.js',
    ]);
    const login = await get('/login', undefined, { cookie });
    expect(modulepreloads(login.body)).toEqual([
      '/assets/LoginPage-9f8e7d.js',
      '/assets/TextField-123abc.js',
      '/assets/NotificationBell-7a8b9c.js',
      '/assets/PostPage-4d5e6f.js',
    ]);
    // Signed out, or signed in without access to the community: no bell.
    expect((await get('/login')).body).not.toMatch(bell);
    const pending = await createUser(t);
    expect((await get(`/posts/${postId}`, undefined, { cookie: pending.cookie })).body).not.toMatch(
      bell,
    );
  });

  it("asks for a member's first-screen data with the page, and for nobody else's", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)].map(
        (m) => m[1],
      );
    const post = `/posts/${postId}`;
    expect(preloads((await get(post, undefined, { cookie })).body)).toEqual([
      `/api/posts/${postId}`,
      '/api/sections',
      '/api/tags',
      `/api/posts/${postId}/credits`,
      `/api/posts/${postId}/comments`,
    ]);
    // Signed out, or signed in without access to the community: the page alone.
    expect(preloads((await get(post)).body)).toEqual([]);
    const pending = await createUser(t);
    expect(preloads((await get(post, undefined, { cookie: pending.cookie })).body)).toEqual([]);
    expect(preloads((await get('/login', undefined, { cookie })).body)).toEqual([]);
    // The editor's /posts/new is not a post; a parameter that is not a uuid goes nowhere.
    expect(preloads((await get('/posts/new', undefined, { cookie })).body)).toEqual([]);
    const odd = await get(`/posts/${encodeURIComponent('x"><script>')}`, undefined, { cookie });
    expect(odd.statusCode).toBe(200);
    expect(preloads(odd.body)).toEqual([]);
    expect(odd.body).not.toContain('<script>');
  });
});
