/**
 * A logical dump of the database as a stream of lines (NDJSON when written out), and its load
 * into another database. The same format serves backups (PGlite → archive → PGlite) and the move
 * to PostgreSQL (PGlite → PostgreSQL).
 *
 * - The dump runs in ONE repeatable-read transaction: every table, count and checksum comes from
 *   the same snapshot (on PGlite, which has one connection, the server's other queries wait
 *   until it ends).
 * - Rows are `row_to_json` texts read in batches in `ctid` order; a load inserts every column but
 *   the generated ones (the target computes them).
 * - Tables come in foreign-key order (parents first), so a load can insert them one after another.
 * - The end line holds each table's row count and a checksum of its contents (md5 of its rows as
 *   JSON, sorted), which the loader recomputes on the target: every row is checked, not only counted.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../lib/sql.ts';
import { counterDrift, type CounterDrift } from '../demo/counters.ts';

export const DUMP_FORMAT = 1;
const BATCH = 500;

export interface TableInfo {
  name: string;
  /** Columns the dump carries (every column but the generated ones). */
  columns: string[];
  /** Identity or serial columns, whose sequences are reset after a load. */
  sequenced: string[];
}

export interface TableStats {
  rows: number;
  checksum: string;
}

export type DumpLine =
  | {
      t: 'start';
      format: number;
      /** Hashes of the migrations applied to the source, oldest first. */
      migrations: string[];
      createdAt: string;
      tables: TableInfo[];
    }
  /** Rows as JSON texts (`row_to_json`), kept as text so that no number loses precision. */
  | { t: 'rows'; table: string; rows: string[] }
  | {
      t: 'end';
      stats: Record<string, TableStats>;
      /** Media keys (relative to DATA_DIR/media) the rows refer to. */
      mediaKeys: string[];
      /** Counters that already differed from a recount in the source. */
      drift: CounterDrift[];
    };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of the public schema in foreign-key order, with their columns. */
export async function listTables(tx: Tx): Promise<TableInfo[]> {
  const tables = await queryRows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await queryRows<{
    table: string;
    column: string;
    generated: string;
    seq: boolean;
  }>(
    tx,
    sql`select c.relname as "table", a.attname as "column", a.attgenerated::text as generated,
          (a.attidentity <> '' or pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null) as seq
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const deps = await queryRows<{ child: string; parent: string }>(
    tx,
    sql`select distinct c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const info = new Map<string, TableInfo>(
    tables.map((t) => [t.name, { name: t.name, columns: [], sequenced: [] }]),
  );
  for (const c of columns) {
    const table = info.get(c.table);
    if (!table) continue;
    if (c.generated === '') table.columns.push(c.column);
    if (c.seq) table.sequenced.push(c.column);
  }
  // Depth-first topological order: a table after every table it references.
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const d of deps)
      if (d.child === name && info.has(d.parent)) visit(d.parent, [...path, name]);
    state.set(name, 'done');
    const table = info.get(name);
    if (table) ordered.push(table);
  };
  for (const t of tables) visit(t.name, []);
  return ordered;
}

/** Hashes of the applied migrations (drizzle's journal table), oldest first; [] if none. */
export async function appliedMigrations(tx: Tx): Promise<string[]> {
  const [exists] = await queryRows<{ ok: boolean }>(
    tx,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists?.ok) return [];
  const rows = await queryRows<{ hash: string }>(
    tx,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => r.hash);
}

/** Row count and content checksum of one table (timestamps as UTC: set by the caller). */
export async function tableStats(tx: Tx, table: string): Promise<TableStats> {
  const [row] = await queryRows<{ rows: number; checksum: string }>(
    tx,
    sql.raw(
      `select count(*)::int as rows, md5(coalesce(string_agg(j, E'\\n' order by j collate "C"), '')) as checksum
       from (select row_to_json(t)::text as j from public.${ident(table)} t) s`,
    ),
  );
  return { rows: row?.rows ?? 0, checksum: row?.checksum ?? '' };
}

/** Every table's stats, in one snapshot of `tx`. */
export async function allTableStats(
  tx: Tx,
  tables: readonly TableInfo[],
): Promise<Record<string, TableStats>> {
  await tx.execute(sql`set local time zone 'UTC'`);
  const stats: Record<string, TableStats> = {};
  for (const t of tables) stats[t.name] = await tableStats(tx, t.name);
  return stats;
}

/** Media keys the rows refer to: uploads (and their thumbnails) and avatars. */
async function referencedMedia(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`select key from media union select thumbnail_key from media where thumbnail_key is not null
        union select substr(avatar_path, length('/media/') + 1) from "user" where avatar_path like '/media/%'
        order by 1`,
  );
  return rows.map((r) => r.key);
}

/**
 * Dumps the whole database through `write`, inside one repeatable-read transaction of `db`.
 * `write` may be slow (a socket, a file): the transaction stays open until the last line.
 */
export async function dumpDatabase(
  db: Db,
  write: (line: DumpLine) => Promise<void> | void,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables = await listTables(tx);
    await write({
      t: 'start',
      format: DUMP_FORMAT,
      migrations: await appliedMigrations(tx),
      createdAt: new Date().toISOString(),
      tables,
    });
    for (const table of tables) {
      let after = '(0,0)';
      for (;;) {
        const batch = await queryRows<{ c: string; j: string }>(
          tx,
          sql.raw(
            `select ctid::text as c, row_to_json(t)::text as j from public.${ident(table.name)} t
             where ctid > '${after}'::tid order by ctid limit ${BATCH}`,
          ),
        );
        if (batch.length === 0) break;
        await write({ t: 'rows', table: table.name, rows: batch.map((r) => r.j) });
        const last = batch[batch.length - 1];
        if (!last || batch.length < BATCH) break;
        after = last.c;
      }
    }
    await write({
      t: 'end',
      stats: await allTableStats(tx, tables),
      mediaKeys: await referencedMedia(tx),
      drift: await counterDrift(tx),
    });
  });
}

export class DumpMismatchError extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [],
  ) {
    super(problems.length ? `${message}\n  ${problems.join('\n  ')}` : message);
    this.name = 'DumpMismatchError';
  }
}

export interface TableCheck {
  table: string;
  expected: TableStats;
  actual: TableStats;
}

export interface LoadResult {
  start: Extract<DumpLine, { t: 'start' }>;
  end: Extract<DumpLine, { t: 'end' }>;
  tables: TableCheck[];
  /** Counters that differ from a recount on the target (the source's drift, if any, carried over). */
  drift: CounterDrift[];
}

/**
 * Loads a dump into `db`, a database migrated to the same migrations as the source and holding no
 * data but what the migrations insert (which is replaced). In ONE transaction: every table
 * emptied, the rows inserted table by table in the dump's (foreign-key) order, sequences reset,
 * then every table's count and checksum compared with the dump's: any difference rolls the whole
 * load back.
 */
export async function loadDump(
  db: Db,
  lines: AsyncIterable<DumpLine>,
  onProgress?: (table: string, rows: number) => void,
): Promise<LoadResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    let start: Extract<DumpLine, { t: 'start' }> | undefined;
    let end: Extract<DumpLine, { t: 'end' }> | undefined;
    const loaded = new Map<string, number>();
    let tables = new Map<string, TableInfo>();
    for await (const line of lines) {
      if (line.t === 'start') {
        if (line.format !== DUMP_FORMAT)
          throw new DumpMismatchError(`Unknown dump format ${String(line.format)}.`);
        const here = await appliedMigrations(tx);
        if (here.join() !== line.migrations.join()) {
          throw new DumpMismatchError(
            `The dump was taken at migration ${line.migrations.length} and this database is at migration ${here.length}: use the Atelier version that took it (same migrations), then upgrade.`,
          );
        }
        const target = await listTables(tx);
        const names = (ts: readonly TableInfo[]) =>
          ts
            .map((t) => t.name)
            .sort()
            .join();
        if (names(target) !== names(line.tables))
          throw new DumpMismatchError('The dump and this database have different tables.');
        await tx.execute(
          sql.raw(
            `truncate table ${target.map((t) => `public.${ident(t.name)}`).join(', ')} restart identity`,
          ),
        );
        start = line;
        tables = new Map(line.tables.map((t) => [t.name, t]));
      } else if (line.t === 'rows') {
        const table = tables.get(line.table);
        if (!start || !table) throw new DumpMismatchError(`Rows of unknown table ${line.table}.`);
        const cols = table.columns.map(ident).join(', ');
        const overriding = table.sequenced.length ? ' overriding system value' : '';
        await tx.execute(
          sql`${sql.raw(`insert into public.${ident(table.name)} (${cols})${overriding} select ${cols} from json_populate_recordset(null::public.${ident(table.name)}, `)}${`[${line.rows.join(',')}]`}::json)`,
        );
        const n = (loaded.get(table.name) ?? 0) + line.rows.length;
        loaded.set(table.name, n);
        onProgress?.(table.name, n);
      } else {
        end = line;
      }
    }
    if (!start || !end) throw new DumpMismatchError('The dump is incomplete (no end line).');
    for (const table of start.tables) {
      for (const column of table.sequenced) {
        const t = `public.${ident(table.name)}`;
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${t.replaceAll("'", "''")}', '${column.replaceAll("'", "''")}'), coalesce((select max(${ident(column)}) from ${t}), 0) + 1, false)`,
          ),
        );
      }
    }
    const actual = await allTableStats(tx, start.tables);
    const checks: TableCheck[] = start.tables.map((t) => ({
      table: t.name,
      expected: end.stats[t.name] ?? { rows: -1, checksum: '' },
      actual: actual[t.name] ?? { rows: -1, checksum: '' },
    }));
    const problems = checks
      .filter((c) => c.expected.rows !== c.actual.rows || c.expected.checksum !== c.actual.checksum)
      .map((c) =>
        c.expected.rows !== c.actual.rows
          ? `${c.table}: ${c.actual.rows} rows, expected ${c.expected.rows}`
          : `${c.table}: ${c.actual.rows} rows as expected, but their contents differ`,
      );
    const drift = await counterDrift(tx);
    const known = new Set(end.drift.map((d) => `${d.counter}:${d.rows}`));
    for (const d of drift) {
      if (!known.has(`${d.counter}:${d.rows}`))
        problems.push(`${d.counter}: ${d.rows} rows differ from a recount`);
    }
    if (problems.length)
      throw new DumpMismatchError('The loaded data does not match the dump:', problems);
    return { start, end, tables: checks, drift };
  });
}
