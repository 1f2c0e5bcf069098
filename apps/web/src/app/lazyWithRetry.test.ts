import { describe, expect, it, vi } from 'vitest';
import { clearReloadFlag, lazyWithRetry, reloadFlagKey, type RetryEnv } from './lazyWithRetry.ts';

function env(): RetryEnv & { store: Map<string, string> } {
  const store = new Map<string, string>();
  return {
    store,
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    reload: vi.fn(),
    log: vi.fn(),
  };
}

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/Page-abc.js');

describe('lazyWithRetry', () => {
  it('returns the module when the import works, without touching the flag', async () => {
    const e = env();
    await expect(lazyWithRetry(() => Promise.resolve({ default: 1 }), e)()).resolves.toEqual({
      default: 1,
    });
    expect(e.reload).not.toHaveBeenCalled();
    expect(e.store.size).toBe(0);
  });

  it('reloads once on the first chunk failure and sets the flag', async () => {
    const e = env();
    const load = lazyWithRetry(() => Promise.reject(chunkError()), e);
    void load();
    await vi.waitFor(() => expect(e.reload).toHaveBeenCalledTimes(1));
    expect(e.store.get(reloadFlagKey)).toBe('1');
    expect(e.log).not.toHaveBeenCalled();
  });

  it('only logs (and rethrows) a second failure while the flag is set', async () => {
    const e = env();
    e.store.set(reloadFlagKey, '1');
    await expect(lazyWithRetry(() => Promise.reject(chunkError()), e)()).rejects.toThrow(
      /dynamically imported/,
    );
    expect(e.reload).not.toHaveBeenCalled();
    expect(e.log).toHaveBeenCalledTimes(1);
  });

  it('does not reload for errors that are not chunk failures', async () => {
    const e = env();
    await expect(lazyWithRetry(() => Promise.reject(new Error('boom')), e)()).rejects.toThrow(
      'boom',
    );
    expect(e.reload).not.toHaveBeenCalled();
    expect(e.log).toHaveBeenCalledTimes(1);
  });

  it('reloads again after the flag was cleared by a successful navigation', async () => {
    const e = env();
    e.store.set(reloadFlagKey, '1');
    clearReloadFlag(e.storage);
    void lazyWithRetry(() => Promise.reject(chunkError()), e)();
    await vi.waitFor(() => expect(e.reload).toHaveBeenCalledTimes(1));
  });
});
