/** The bodies of a cached payload: serialised and compressed once per value and encoding. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPayloadCache } from './payload-cache.ts';

const big = { items: Array.from({ length: 60 }, (_, i) => ({ slug: `section-${i}`, posts: i })) };

describe('Cached.body', () => {
  it('serialises a value once, compresses it once per encoding, and again after an invalidation', async () => {
    const cache = createPayloadCache();
    let serialised = 0;
    const serialize = () => {
      serialised += 1;
      return JSON.stringify(big);
    };
    const read = () => cache.get('sections', () => Promise.resolve(big));

    const br = (await read()).body('br', serialize);
    expect(br.encoding).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(big);
    const gzip = (await read()).body('gzip', serialize);
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(big);
    const identity = (await read()).body('identity', serialize);
    expect(JSON.parse(identity.body.toString())).toEqual(big);
    // The same bytes for every later request, from one serialisation.
    expect((await read()).body('br', serialize).body).toBe(br.body);
    expect(serialised).toBe(1);

    cache.apply({ kind: 'all' });
    (await read()).body('br', serialize);
    expect(serialised).toBe(2);
  });

  it('sends a small value as it is, whatever the client accepts', async () => {
    const cache = createPayloadCache();
    const small = { items: [] };
    const cached = await cache.get('tags', () => Promise.resolve(small));
    const body = cached.body('br', () => JSON.stringify(small));
    expect(body).toEqual({ encoding: 'identity', body: Buffer.from('{"items":[]}') });
  });
});
