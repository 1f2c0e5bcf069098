/** Raw SQL helpers that behave the same on PGlite and node-postgres. */
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** Runs a raw statement and returns its rows (both drivers put them in `.rows`). */
export async function queryRows<T extends Record<string, unknown>>(
  db: Tx,
  statement: SQL,
): Promise<T[]> {
  const result: unknown = await db.execute<T>(statement);
  return (result as { rows: T[] }).rows;
}
