/**
 * A cheap fingerprint of the whole database, to check that a refused request wrote nothing:
 * per table of the public schema, its row count and an md5 of its rows as text, in one query.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/lib/sql.ts';
import type { TestApp } from './helpers.ts';

const tableLists = new WeakMap<TestApp, Promise<string[]>>();

function tablesOf(t: TestApp): Promise<string[]> {
  let tables = tableLists.get(t);
  if (!tables) {
    tables = queryRows<{ name: string }>(
      t.database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ).then((rows) => rows.map((r) => r.name));
    tableLists.set(t, tables);
  }
  return tables;
}

/** `table → "count:md5"` for every table (of the public schema). */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = await tablesOf(t);
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${name}" x`,
  );
  const rows = await queryRows<{ name: string; n: number; h: string }>(
    t.database.db,
    sql.raw(parts.join(' union all ')),
  );
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

/** The tables whose fingerprint differs between two states. */
export function changedTables(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => before[k] !== after[k])
    .sort();
}
