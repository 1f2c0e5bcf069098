/** Recognises PostgreSQL errors through Drizzle's wrapper (the driver error is its `cause`). */
function pgCode(err: unknown): { code?: string; constraint?: string } {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return {};
}

/** A unique violation (23505), optionally of the named index or constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const found = pgCode(err);
  return found.code === '23505' && (!constraint || found.constraint === constraint);
}

/**
 * PostgreSQL data exceptions that only bad input causes: text the database cannot store (NUL,
 * invalid UTF-8: 22P05, 22021), a value of the wrong form for its type (an id that is no uuid,
 * a number or date out of range: 22P02, 22003, 22007, 22008), a string too long for its column
 * (22001), a bad LIKE escape (22025) or array (2202E). Answered 400, never 500.
 */
const badInputCodes: Record<string, string> = {
  '22P05': 'errors.invalidCharacters',
  '22021': 'errors.invalidCharacters',
  '22P02': 'errors.invalid',
  '22003': 'errors.invalid',
  '22007': 'errors.invalid',
  '22008': 'errors.invalid',
  '22001': 'errors.invalid',
  '22025': 'errors.invalid',
  '2202E': 'errors.invalid',
};

/** The translation key for a database error caused by bad input, or undefined. */
export function badInputCode(err: unknown): string | undefined {
  const { code } = pgCode(err);
  return code ? badInputCodes[code] : undefined;
}
