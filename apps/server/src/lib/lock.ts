/** Row locks of a transaction. */
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';

/** The row `id` of `table`, locked for update (until the transaction ends); `notFound` if none. */
export async function lockRow<T extends PgTable & { id: AnyPgColumn }>(
  tx: Tx,
  table: T,
  id: string,
  notFound: () => Error,
): Promise<T['$inferSelect']> {
  const lockable: PgTable & { id: AnyPgColumn } = table;
  const [row] = await tx.select().from(lockable).where(eq(lockable.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}
