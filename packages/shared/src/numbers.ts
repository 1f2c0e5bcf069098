import { compactNumberFormat } from './intl.ts';

/**
 * Short numbers (seed: "short numbers use compact format"): 1234 → "1.2K", 1234 → "1.2천"…
 * A whole number under 1,000 is written as it is in every language of the site (Latin digits, no
 * grouping: what the compact format gives too), without the formatter: making the first one on a
 * page sets up the browser's number data, a long task on a phone for a screen of like counts.
 */
export function formatCompactNumber(value: number, locale: string): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  return compactNumberFormat(locale).format(value);
}
