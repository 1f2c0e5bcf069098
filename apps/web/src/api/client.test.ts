/** The fetch client turns the server's overload answer (503) into a translated, retryable error. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translateError } from '../components/errors.ts';
import { translator } from '../i18n/translate.ts';
import { ApiError, call, request } from './client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stands in for the network: every fetch answers `response`. */
const answer = (response: () => Response) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(response())),
  );

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err as ApiError,
  );

describe('overload (503)', () => {
  it("keeps the server's errors.overloaded code and shows its message", async () => {
    answer(
      () =>
        new Response(JSON.stringify({ error: { code: 'errors.overloaded', message: 'busy' } }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '5' },
        }),
    );
    const err = await failure(request('/api/posts/p1/like', { method: 'PUT' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'errors.overloaded' });
    const t = translator('en');
    const shown = translateError(t, err!.code);
    expect(shown).toBe(t('errors.overloaded'));
    expect(shown).not.toBe(t('errors.unknown'));
  });

  it('a 503 without our body (from a proxy) is errors.overloaded too', async () => {
    answer(() => new Response('<html>Service Unavailable</html>', { status: 503 }));
    expect(await failure(request('/api/home'))).toMatchObject({
      status: 503,
      code: 'errors.overloaded',
    });
  });
});

describe('call (the typed client of the route table)', () => {
  it('fills path params, builds the query, sends the JSON body with the declared method', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ id: 't1' }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetch);
    await call('PATCH /api/tags/:id', {
      params: { id: 'a/b' },
      body: { labels: { en: 'New' } },
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/tags/a%2Fb');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({
      method: 'PATCH',
      body: JSON.stringify({ labels: { en: 'New' } }),
    });
    await call('GET /api/mod-log', {
      query: { action: 'tagCreated', moderator: undefined, cursor: '12' },
    });
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/mod-log?action=tagCreated&cursor=12');
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({ method: 'GET', body: undefined });
  });

  it('takes only the routes of the table, with what each declares (checked by the typecheck)', () => {
    const typed = () => {
      // @ts-expect-error: no such route in the table
      void call('GET /api/nothing');
      // @ts-expect-error: the route needs its params
      void call('GET /api/users/:id');
      // @ts-expect-error: a param the route does not declare
      void call('GET /api/users/:id', { params: { slug: 'u1' } });
    };
    expect(typed).toBeTypeOf('function');
  });

  it('resolves to nothing on 204', async () => {
    answer(() => new Response(null, { status: 204 }));
    await expect(call('DELETE /api/tags/:id', { params: { id: 't1' } })).resolves.toBeUndefined();
  });
});
