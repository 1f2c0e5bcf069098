/** Raw SQL helpers that behave the same on PGlite and node-postgres. */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** Runs a raw statement and returns its rows (both drivers put them in `.rows`). */
export async function queryRows<T extends Record<string, unknown>>(
  db: Tx,
  statement: SQL,
): Promise<T[]> {
  const result: unknown = await db.execute<T>(statement);
  return (result as { rows: T[] }).rows;
}

/**
 * The rows of `select`, in its order, as one JSON array: a scalar subquery, so that several reads
 * go in one statement (`selectTogether`). Timestamps arrive as ISO text (presenters take both).
 * The order holds because a subquery with ORDER BY is never pulled up into its parent and
 * json_agg, which has no parallel form, takes its rows as the sort hands them over.
 */
export const jsonRows = (select: SQL): SQL =>
  sql`(select coalesce(json_agg(t), '[]'::json) from (${select}) t)`;

/**
 * Several reads in one statement (one round trip, one snapshot): each part is a scalar subquery
 * (`jsonRows`, a count…), returned under its name.
 */
export async function selectTogether<T extends Record<string, unknown>>(
  db: Tx,
  parts: { [K in keyof T]: SQL },
): Promise<T> {
  const columns = Object.entries(parts as Record<string, SQL>).map(
    ([name, part]) => sql`${part} as ${sql.identifier(name)}`,
  );
  const [row] = await queryRows<T>(db, sql`select ${sql.join(columns, sql`, `)}`);
  if (!row) throw new Error('selectTogether: no row');
  return row;
}
