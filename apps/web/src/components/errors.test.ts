import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from '../api/client.ts';
import { translator } from '../i18n/translate.ts';
import { translateError, waitPhrase } from './errors.ts';

describe('rate-limited errors', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('says how long to wait, from the Retry-After of the 429 answer, until the wait is over', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ error: { code: 'errors.rateLimited', message: 'Too many requests' } }),
        {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '300' },
        },
      ),
    );
    const err = await request('/api/status-updates', {
      method: 'POST',
      body: { content: 'x' },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).retryAfter).toBe(300);
    const t = translator('en');
    expect(translateError(t, 'errors.rateLimited')).toBe(
      'Too many attempts. Please try again in 5 minutes.',
    );
    vi.setSystemTime(1_000_000 + 270_000);
    expect(translateError(t, 'errors.rateLimited')).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
    vi.setSystemTime(1_000_000 + 301_000);
    expect(translateError(t, 'errors.rateLimited')).toBe(
      'Too many attempts. Please wait a little and try again.',
    );
  });

  it('words the wait in the language', () => {
    expect(waitPhrase(45, 'en')).toBe('in 45 seconds');
    expect(waitPhrase(1800, 'fr')).toBe('dans 30 minutes');
    expect(waitPhrase(7200, 'es')).toBe('dentro de 2 horas');
    expect(waitPhrase(300, 'ko')).toBe('5분 후');
  });
});
