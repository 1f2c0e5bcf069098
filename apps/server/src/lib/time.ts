export const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Both drivers give Date for timestamptz; a string is accepted too. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export const isoOrNull = (value: Date | string | null): string | null =>
  value ? iso(value) : null;
