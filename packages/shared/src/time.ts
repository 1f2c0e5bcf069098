/**
 * Relative time with the seed's thresholds: under a minute in seconds, under an hour in minutes,
 * under a day in hours, under 30 days in days, under 365 days in months, then years; formatted
 * with Intl.RelativeTimeFormat. The full date (for the tooltip) uses Intl.DateTimeFormat.
 */
import { dateTimeFormat, relativeTimeFormat } from './intl.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RelativeParts {
  value: number;
  unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';
}

/** How long ago `thenMs` was at `nowMs` (a future time counts as now). */
export function relativeParts(thenMs: number, nowMs: number): RelativeParts {
  const elapsed = Math.max(0, nowMs - thenMs);
  if (elapsed < MINUTE) return { value: Math.floor(elapsed / SECOND), unit: 'second' };
  if (elapsed < HOUR) return { value: Math.floor(elapsed / MINUTE), unit: 'minute' };
  if (elapsed < DAY) return { value: Math.floor(elapsed / HOUR), unit: 'hour' };
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return { value: days, unit: 'day' };
  if (days < 365) return { value: Math.floor(days / 30), unit: 'month' };
  return { value: Math.floor(days / 365), unit: 'year' };
}

function toMs(date: Date | string | number): number {
  return date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
}

/** "3 minutes ago", "il y a 3 minutes", "3분 전"… */
export function formatRelativeTime(
  date: Date | string | number,
  nowMs: number,
  locale: string,
): string {
  const { value, unit } = relativeParts(toMs(date), nowMs);
  return relativeTimeFormat(locale).format(-value, unit);
}

/** The full date and time, for tooltips. */
export function formatFullDate(date: Date | string | number, locale: string): string {
  return dateTimeFormat(locale, 'full', 'medium').format(toMs(date));
}

/**
 * How often a relative time should refresh while recent: every second under a minute, every
 * minute under a day; null (no refresh) after that.
 */
export function relativeRefreshMs(thenMs: number, nowMs: number): number | null {
  const elapsed = Math.max(0, nowMs - thenMs);
  if (elapsed < MINUTE) return SECOND;
  if (elapsed < DAY) return MINUTE;
  return null;
}
