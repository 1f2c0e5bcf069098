/**
 * The answers the same for every member (the sections, the tags) leave as bodies prepared once per
 * cached value (lib/http-cache.ts, answerCached): serialised by the route's schema, compressed as
 * the client accepts, one reply per request, and a 304 without a body when the copy is current.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let cookie: string;
const errors: Error[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { skipReady: true });
  t.app.addHook('onError', async (_request, _reply, err) => {
    errors.push(err);
  });
  await t.app.ready();
  cookie = (await createMember(t)).cookie;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

describe('shared answers', () => {
  it('are the same JSON in every encoding, sent once, and a 304 has no body', async () => {
    for (const url of ['/api/sections', '/api/tags']) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-type'], url).toMatch(/^application\/json/);
      expect(plain.headers.vary, url).toMatch(/accept-encoding/i);
      const json: unknown = plain.json();

      const br = await get(url, { 'accept-encoding': 'gzip, br' });
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      for (const [res, decode] of [
        [br, zlib.brotliDecompressSync],
        [gz, zlib.gunzipSync],
      ] as const) {
        expect(res.statusCode, url).toBe(200);
        expect(res.headers.etag, url).toBe(plain.headers.etag);
        const encoded = res.headers['content-encoding'] !== undefined;
        // Below 1 KB an answer is sent as it is.
        expect(encoded, url).toBe(plain.rawPayload.length >= 1024);
        const bytes = encoded ? decode(res.rawPayload) : res.rawPayload;
        expect(JSON.parse(bytes.toString()), url).toEqual(json);
      }

      const current = await get(url, { 'if-none-match': plain.headers.etag as string });
      expect(current.statusCode, url).toBe(304);
      expect(current.rawPayload.length, url).toBe(0);
      expect(current.headers.vary, url).toMatch(/accept-encoding/i);
    }
    // A second reply to one request would be an error (headers already sent).
    expect(errors).toEqual([]);
  });
});
