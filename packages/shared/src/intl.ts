/**
 * Intl formatters, made once per locale and options: constructing one costs far more than
 * formatting with it (a post page with a long thread formatted each date and count with a new
 * formatter: ~50 ms of its first render on a fast machine).
 */
const made = new Map<string, unknown>();

function once<T>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export const relativeTimeFormat = (locale: string, numeric: 'auto' | 'always' = 'auto') =>
  once(`rt|${locale}|${numeric}`, () => new Intl.RelativeTimeFormat(locale, { numeric }));

export const dateTimeFormat = (
  locale: string,
  dateStyle: 'full' | 'long',
  timeStyle?: 'medium' | 'short',
) =>
  once(
    `dt|${locale}|${dateStyle}|${timeStyle ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle, ...(timeStyle ? { timeStyle } : {}) }),
  );

export const compactNumberFormat = (locale: string) =>
  once(
    `cn|${locale}`,
    () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }),
  );

/** Compares labels as people expect in `locale`, ignoring case and accents. */
export const labelCollator = (locale: string) =>
  once(`co|${locale}`, () => new Intl.Collator(locale, { sensitivity: 'base' }));
