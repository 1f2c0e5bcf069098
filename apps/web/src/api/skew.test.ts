/** The clock skew: kept in local storage `clientTimeSkew`, written only when it changes. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSkew, now, recordServerDate } from './skew.ts';

beforeEach(() => {
  // A whole second: a header's second is then exactly the skew (no rounding either way).
  vi.useFakeTimers({ now: new Date('2026-12-02T12:00:00Z'), toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  forgetSkew();
  vi.restoreAllMocks();
});

const dateIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toUTCString();

describe('clock skew', () => {
  it("stores the server's lead, and reads now on the server's clock", () => {
    recordServerDate(dateIn(120));
    expect(localStorage.getItem('clientTimeSkew')).toBe('120');
    expect(now() - Date.now()).toBe(120_000);
  });

  it('writes storage only when the skew changes', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    recordServerDate(dateIn(0));
    recordServerDate(dateIn(0));
    expect(setItem).not.toHaveBeenCalled();
    expect(removeItem).not.toHaveBeenCalled();
    recordServerDate(dateIn(300));
    recordServerDate(dateIn(300));
    expect(setItem).toHaveBeenCalledTimes(1);
    // Back in step: the key goes.
    recordServerDate(dateIn(0));
    expect(removeItem).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('clientTimeSkew')).toBeNull();
  });

  it('starts from the skew an earlier page stored', () => {
    localStorage.setItem('clientTimeSkew', '-600');
    expect(Date.now() - now()).toBe(600_000);
    // The same skew again: nothing to write.
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    recordServerDate(dateIn(-600));
    expect(setItem).not.toHaveBeenCalled();
  });
});
