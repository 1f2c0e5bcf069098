/**
 * Counts the SQL statements that requests run, for the no-N+1 tests. Left out: transaction
 * control (PostgreSQL logs `begin`/`commit`, PGlite does not) and the live dispatcher's claim of
 * domain events, which runs on a timer and after every write — on PostgreSQL concurrently with the
 * next request. Call `settle()` before measuring so no event is left for the dispatcher.
 */
import type { Logger } from 'drizzle-orm/logger';
import type { TestApp } from './helpers.ts';

const housekeeping = /^\s*(begin|commit|rollback)\b|domain_events/i;

export const isHousekeeping = (query: string) => housekeeping.test(query);

export class StatementCounter implements Logger {
  count = 0;
  logQuery(query: string): void {
    if (!isHousekeeping(query)) this.count += 1;
  }
}

/** Dispatches every pending domain event, so none is handled while a request is measured. */
export async function settle(t: TestApp): Promise<void> {
  await t.app.live.kick();
}

/** How many queries the database client of `t` is sent while `fn` runs (every one, housekeeping too). */
export async function countClientQueries(t: TestApp, fn: () => Promise<unknown>): Promise<number> {
  const client = (
    t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }
  ).$client;
  const original = client.query.bind(client);
  let n = 0;
  client.query = (...args: unknown[]) => {
    n += 1;
    return original(...args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return n;
}
