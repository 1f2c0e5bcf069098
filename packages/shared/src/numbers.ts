import { compactNumberFormat } from './intl.ts';

/** Short numbers (seed: "short numbers use compact format"): 1234 → "1.2K", 1234 → "1.2천"… */
export function formatCompactNumber(value: number, locale: string): string {
  return compactNumberFormat(locale).format(value);
}
