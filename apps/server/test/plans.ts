/**
 * Index-use checks: a Drizzle logger that keeps the app's statements, and the plan (EXPLAIN with
 * sequential scans disabled) of one of them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/lib/sql.ts';
import type { TestApp } from './helpers.ts';
import { request } from './factories.ts';

export interface Statement {
  query: string;
  params: unknown[];
}

/** Keeps every statement the app runs (pass it as the test app's `logger`). */
export class StatementLog implements Logger {
  entries: Statement[] = [];
  logQuery(query: string, params: unknown[]): void {
    this.entries.push({ query, params });
  }
}

/** A statement as a Drizzle SQL object again ($n placeholders → parameters). */
function rebuild({ query, params }: Statement): SQL {
  const parts = query.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(params[Number(part) - 1]))),
    sql``,
  );
}

/** The plan of a statement, with sequential scans disabled. */
export async function explain(db: Db, statement: Statement): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<Record<string, string>>(tx, sql`explain ${rebuild(statement)}`);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

/** The plan of the statement matching `pattern` that a GET of `url` runs. */
export async function planOf(
  t: TestApp,
  log: StatementLog,
  cookie: string,
  url: string,
  pattern: RegExp,
): Promise<string> {
  log.entries = [];
  // Cold: the shared payloads are read from the database, not from the node's cache.
  t.app.payloads.apply({ kind: 'all' });
  const res = await request(t, { method: 'GET', url, cookie });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  const statement = log.entries.find((l) => pattern.test(l.query));
  if (!statement) throw new Error(`no statement like ${String(pattern)} for ${url}`);
  return explain(t.database.db, statement);
}
