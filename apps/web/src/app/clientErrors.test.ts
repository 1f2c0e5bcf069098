import { describe, expect, it, vi } from 'vitest';
import { createReporter } from './clientErrors.ts';

describe('client error reporter', () => {
  it('sends at most 5 distinct messages a minute, then again after the minute', () => {
    let now = 0;
    const send = vi.fn(() => Promise.resolve());
    const report = createReporter(send, () => now);
    const r = (message: string) => report({ message, fatal: false });
    expect(r('a')).toBe(true);
    expect(r('a')).toBe(false);
    for (const m of ['b', 'c', 'd', 'e']) expect(r(m)).toBe(true);
    expect(r('f')).toBe(false);
    expect(send).toHaveBeenCalledTimes(5);
    now = 60_000;
    expect(r('a')).toBe(true);
    expect(send).toHaveBeenLastCalledWith({ message: 'a', fatal: false });
  });

  it('ignores a failing report', async () => {
    const report = createReporter(() => Promise.reject(new Error('offline')));
    expect(report({ message: 'x', fatal: false })).toBe(true);
    await Promise.resolve();
  });
});
