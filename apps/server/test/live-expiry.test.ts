/** live/expiry.ts: sockets filed under their session's expiry, handed over by one timer. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expiryWatch } from '../src/live/expiry.ts';

describe('live: session expiries on one timer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over each item once its second has passed, never one removed or refiled later', () => {
    const due: string[] = [];
    const watch = expiryWatch<string>((item) => due.push(item));
    const t0 = Date.now();
    watch.add('a', t0 + 2_500);
    watch.add('b', t0 + 2_500);
    watch.add('c', t0 + 5_000);
    watch.add('gone', t0 + 1_000);
    watch.remove('gone');
    watch.add('moved', t0 + 1_000);
    watch.add('moved', t0 + 60_000);
    vi.advanceTimersByTime(2_000);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(due).toEqual(['a', 'b']);
    vi.advanceTimersByTime(2_000);
    expect(due).toEqual(['a', 'b', 'c']);
    expect(watch.size()).toBe(1);
    watch.stop();
    vi.advanceTimersByTime(60_000);
    expect(due).toEqual(['a', 'b', 'c']);
  });

  it('hands over an expiry already past at the next tick, and runs no timer when empty', () => {
    const due: string[] = [];
    const watch = expiryWatch<string>((item) => due.push(item));
    watch.add('late', Date.now() - 10_000);
    vi.advanceTimersByTime(1_000);
    expect(due).toEqual(['late']);
    expect(watch.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    watch.add('again', Date.now() + 1_000);
    vi.advanceTimersByTime(1_000);
    expect(due).toEqual(['late', 'again']);
  });

  it('keeps many items of one second (a burst of sign-ins), unfiles some, hands over the rest', () => {
    const due: string[] = [];
    const watch = expiryWatch<string>((item) => due.push(item));
    const at = Date.now() + 1_500;
    const items = Array.from({ length: 100 }, (_, i) => `s${i}`);
    for (const item of items) watch.add(item, at);
    for (const item of items.filter((_, i) => i % 3 === 0)) watch.remove(item);
    expect(watch.size()).toBe(66);
    vi.advanceTimersByTime(2_000);
    expect(due).toEqual(items.filter((_, i) => i % 3 !== 0));
    expect(watch.size()).toBe(0);
  });
});
