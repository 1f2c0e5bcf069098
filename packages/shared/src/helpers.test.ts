import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';
import {
  clockSkewStorageKey,
  readClockSkew,
  serverNow,
  skewFromDateHeader,
  storeClockSkew,
} from './clockSkew.ts';
import { formatFullDate, formatRelativeTime, relativeParts, relativeRefreshMs } from './time.ts';
import { formatCompactNumber } from './numbers.ts';
import { bytesToMb, checkUpload, uploadLimitBytes } from './upload.ts';
import { languages, MB } from './limits.ts';

describe('initials', () => {
  it('takes the first letters of two words when there is a space', () => {
    expect(initials('ada lovelace')).toBe('AL');
    expect(initials('Jean Paul Sartre')).toBe('JP');
  });
  it('takes the first two letters otherwise, upper-cased', () => {
    expect(initials('moderator')).toBe('MO');
    expect(initials('x')).toBe('X');
    expect(initials('김민수')).toBe('김민');
  });
});

describe('clock skew', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('is server minus client in seconds from the Date header', () => {
    expect(skewFromDateHeader('Thu, 01 Jan 2026 12:00:30 GMT', now)).toBe(30);
    expect(skewFromDateHeader('Thu, 01 Jan 2026 11:59:00 GMT', now)).toBe(-60);
  });
  it('is zero within the header resolution and unknown without a header', () => {
    expect(skewFromDateHeader('Thu, 01 Jan 2026 12:00:01 GMT', now)).toBe(0);
    expect(skewFromDateHeader(null, now)).toBeNull();
    expect(skewFromDateHeader('not a date', now)).toBeNull();
  });
  it('is stored under clientTimeSkew and removed when zero or unknown', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    storeClockSkew(storage, 30);
    expect(store.get(clockSkewStorageKey)).toBe('30');
    expect(readClockSkew(storage)).toBe(30);
    storeClockSkew(storage, 0);
    expect(store.has(clockSkewStorageKey)).toBe(false);
    storeClockSkew(storage, 12);
    storeClockSkew(storage, null);
    expect(store.has(clockSkewStorageKey)).toBe(false);
    expect(readClockSkew(storage)).toBe(0);
    expect(serverNow(30, now)).toBe(now + 30_000);
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const ago = (ms: number) => now - ms;
  it('follows the seed thresholds', () => {
    expect(relativeParts(ago(59_000), now)).toEqual({ value: 59, unit: 'second' });
    expect(relativeParts(ago(60_000), now)).toEqual({ value: 1, unit: 'minute' });
    expect(relativeParts(ago(59 * 60_000), now)).toEqual({ value: 59, unit: 'minute' });
    expect(relativeParts(ago(3_600_000), now)).toEqual({ value: 1, unit: 'hour' });
    expect(relativeParts(ago(23 * 3_600_000), now)).toEqual({ value: 23, unit: 'hour' });
    expect(relativeParts(ago(86_400_000), now)).toEqual({ value: 1, unit: 'day' });
    expect(relativeParts(ago(29 * 86_400_000), now)).toEqual({ value: 29, unit: 'day' });
    expect(relativeParts(ago(30 * 86_400_000), now)).toEqual({ value: 1, unit: 'month' });
    expect(relativeParts(ago(364 * 86_400_000), now)).toEqual({ value: 12, unit: 'month' });
    expect(relativeParts(ago(365 * 86_400_000), now)).toEqual({ value: 1, unit: 'year' });
    expect(relativeParts(now + 5000, now)).toEqual({ value: 0, unit: 'second' });
  });
  it('formats in the given language', () => {
    expect(formatRelativeTime(ago(3 * 60_000), now, 'en')).toBe('3 minutes ago');
    expect(formatRelativeTime(ago(3 * 60_000), now, 'fr')).toBe('il y a 3 minutes');
    expect(formatRelativeTime(ago(2 * 86_400_000), now, 'ko')).toBe('그저께');
    expect(formatFullDate('2026-06-01T00:00:00Z', 'en')).toContain('2026');
  });
  it('writes every time the thresholds give as Intl.RelativeTimeFormat does, in each language', () => {
    const spans: [number, number][] = [
      [1000, 59], // seconds (0 is "now")
      [60_000, 59],
      [3_600_000, 23],
      [86_400_000, 29],
      [30 * 86_400_000, 12],
      [365 * 86_400_000, 120],
    ];
    for (const locale of languages) {
      const intl = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      for (const [unitMs, most] of spans)
        for (let n = 0; n <= most; n++) {
          const { value, unit } = relativeParts(ago(n * unitMs), now);
          expect(formatRelativeTime(ago(n * unitMs), now, locale)).toBe(intl.format(-value, unit));
        }
    }
  });
  it('refreshes each second, then each minute, then not at all', () => {
    expect(relativeRefreshMs(ago(10_000), now)).toBe(1000);
    expect(relativeRefreshMs(ago(10 * 60_000), now)).toBe(60_000);
    expect(relativeRefreshMs(ago(2 * 86_400_000), now)).toBeNull();
  });
});

describe('compact numbers', () => {
  it('uses the compact notation of the language', () => {
    expect(formatCompactNumber(999, 'en')).toBe('999');
    expect(formatCompactNumber(1234, 'en')).toBe('1.2K');
  });
  it('writes a whole number under 1,000 as the compact format of each language does', () => {
    for (const locale of languages) {
      const compact = new Intl.NumberFormat(locale, {
        notation: 'compact',
        maximumFractionDigits: 1,
      });
      for (let n = 0; n < 1000; n++) expect(formatCompactNumber(n, locale)).toBe(compact.format(n));
    }
    expect(formatCompactNumber(12_345, 'ko')).toBe('1.2만');
  });
});

describe('upload size', () => {
  it('allows 25 MB, videos 100 MB', () => {
    expect(uploadLimitBytes('image/png')).toBe(25 * MB);
    expect(uploadLimitBytes('video/mp4')).toBe(100 * MB);
    expect(checkUpload({ size: 25 * MB, type: 'image/png' })).toEqual({ ok: true });
    expect(checkUpload({ size: 60 * MB, type: 'video/webm' })).toEqual({ ok: true });
  });
  it('reports the size and the limit in MB with two decimals', () => {
    expect(checkUpload({ size: 25 * MB + 1, type: 'image/jpeg' })).toEqual({
      ok: false,
      code: 'errors.fileTooLarge',
      sizeMb: 25,
      maxMb: 25,
    });
    expect(checkUpload({ size: Math.round(101.456 * MB), type: 'video/mp4' })).toEqual({
      ok: false,
      code: 'errors.fileTooLarge',
      sizeMb: 101.46,
      maxMb: 100,
    });
    expect(bytesToMb(1.234567 * MB)).toBe(1.23);
  });
});
