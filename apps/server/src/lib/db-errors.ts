/** Recognises PostgreSQL errors through Drizzle's wrapper (the driver error is its `cause`). */
function pgCode(err: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
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
