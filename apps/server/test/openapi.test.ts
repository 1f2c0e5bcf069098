/**
 * The OpenAPI document: valid OpenAPI 3.1 (an independent validator), listing every /api route
 * the server registers (and nothing it does not), served at /api/openapi.json with a browsable
 * page at /api/docs whose files come from this server.
 */
import zlib from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '@atelier/shared';
import { buildOpenApi, openApiPath, unmigratedRoutes } from '../src/lib/openapi.ts';
import { request } from './factories.ts';
import { useTestApp } from './context.ts';

const t = useTestApp();

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(buildOpenApi());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists exactly the /api routes the server registers', async () => {
    const res = await request(t, { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m} ${path}`))
      .sort();
    const registered = [
      ...new Set(
        t.app.registeredRoutes
          .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD')
          .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`),
      ),
    ].sort();
    expect(documented).toEqual(registered);
  });

  it('documents each route once, in the table or in the list of routes still to move', () => {
    const keys = [...allRoutes, ...unmigratedRoutes].map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('describes a migrated route with its schemas, access and rate limit', () => {
    const document = buildOpenApi();
    const create = document.paths['/api/reports']?.post as Record<string, unknown>;
    expect(create['x-access']).toBe('member');
    expect(create['x-rate-limit']).toBe('report');
    expect(Object.keys(create.responses as object)).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '403', '429']),
    );
    const tag = document.paths['/api/tags/{id}']?.patch as { parameters: { name: string }[] };
    expect(tag.parameters.map((p) => p.name)).toEqual(['id']);
  });
});

describe('GET /api/openapi.json', () => {
  it('is compressed once and sent by Accept-Encoding, with an ETag and 304', async () => {
    const plain = await request(t, { method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await request(t, {
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.etag).toBe(etag);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
      expect(decode(res.rawPayload).equals(plain.rawPayload), accept).toBe(true);
    }
    const again = await request(t, {
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/docs', () => {
  it('serves the browsable page and its files from this server, with no inline script', async () => {
    const page = await request(t, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\//);
      expect(body?.trim()).toBe('');
    }
    const assets = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBe(3);
    for (const url of assets) {
      const res = await request(t, { method: 'GET', url: url ?? '' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
    }
    const init = await request(t, { method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain('/api/openapi.json');
    expect((await request(t, { method: 'GET', url: '/api/docs/package.json' })).statusCode).toBe(
      404,
    );
  });
});
