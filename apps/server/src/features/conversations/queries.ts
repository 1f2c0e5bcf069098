/**
 * What the two conversations read alike: the selects of their items and replies with the
 * authors, a page on the keyset (created_at, id), and rows presented with the viewer's likes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Page } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { cursorTs, decodeTimeCursor, encodeTimeCursor } from '../../lib/cursor.ts';
import { queryRows } from '../../lib/sql.ts';
import { likedIds, type LikeTarget } from '../likes/service.ts';

const authorColumns = sql`u.username as author_username, u.displayed_role as author_displayed_role,
    u.avatar_path as author_avatar_path`;

/**
 * The select of a conversation's first items (`c` comments, `s` status updates) with their
 * authors (`u`) and keyset cursors; `columns` are the kind's own, `extra` more (over `alias`).
 */
export const itemSelect = (
  table: 'comments' | 'status_updates',
  alias: 'c' | 's',
  columns: string,
  extra?: SQL,
) =>
  sql`
  select ${sql.raw(`${alias}.id, ${alias}.author_id, ${columns}, ${alias}.reply_count, ${alias}.like_count, ${alias}.edition_count,
    ${alias}.edition_at, ${alias}.created_at`)}, ${cursorTs(`${alias}.created_at`)} as cursor_ts,
    ${authorColumns}${extra ? sql`, ${extra}` : sql``}
  from ${sql.raw(`${table} ${alias} join "user" u on u.id = ${alias}.author_id`)}`;

/**
 * The select of a conversation's replies (`r`) with their authors (`u`) and the authors they
 * answer (`tu`); `columns` are the kind's own (its parent, its text and its quote), `extra` more.
 */
export const replySelect = (
  table: 'comment_replies' | 'status_update_replies',
  columns: string,
  extra?: SQL,
) =>
  sql`
  select ${sql.raw(`r.id, ${columns}, r.author_id, r.replying_to_reply_id, r.replying_to_author_id,
    r.like_count, r.edition_count, r.edition_at, r.created_at`)},
    ${authorColumns},
    tu.username as to_username, tu.displayed_role as to_displayed_role,
    tu.avatar_path as to_avatar_path${extra ? sql`, ${extra}` : sql``}
  from ${sql.raw(table)} r
  join "user" u on u.id = r.author_id
  left join "user" tu on tu.id = r.replying_to_author_id`;

/**
 * A page of `limit` items of `select` (`alias`'s) meeting `where`, on the keyset (created_at, id)
 * after `cursor` (a forged one is a 400): `asc` oldest first, `desc` newest first. Read with
 * `limit + 1` rows (one more tells there is a next page); the page's rows are `present`ed.
 */
// R is the row type of `select`, which its SQL does not carry: the caller names it.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export async function readPage<R extends { id: string; cursor_ts: string }, T>(
  db: Tx,
  page: { select: SQL; alias: 'c' | 's'; where: SQL; order: 'asc' | 'desc' },
  options: { cursor?: string | undefined; limit: number },
  present: (rows: R[]) => Promise<T[]>,
): Promise<Page<T>> {
  const { alias, order } = page;
  const dir = order === 'desc' ? ' desc' : '';
  let after = sql`true`;
  if (options.cursor) {
    const [ts, id] = decodeTimeCursor(options.cursor);
    after = sql`(${sql.raw(`${alias}.created_at, ${alias}.id`)}) ${sql.raw(order === 'desc' ? '<' : '>')} (${ts}::timestamptz, ${id}::uuid)`;
  }
  const rows = await queryRows<R>(
    db,
    sql`${page.select} where ${page.where} and ${after}
        order by ${sql.raw(`${alias}.created_at${dir}, ${alias}.id${dir}`)}
        limit ${options.limit + 1}`,
  );
  const shown = rows.slice(0, options.limit);
  const last = shown.at(-1);
  return {
    items: await present(shown),
    nextCursor:
      rows.length > options.limit && last ? encodeTimeCursor([last.cursor_ts, last.id]) : null,
  };
}

/** Rows presented with the viewer's likes among them (one statement; no viewer: none liked). */
export async function presentLiked<R extends { id: string }, T>(
  db: Tx,
  target: LikeTarget,
  rows: readonly R[],
  viewerId: string | null,
  present: (row: R, liked: boolean) => T,
): Promise<T[]> {
  const liked =
    viewerId === null
      ? new Set<string>()
      : await likedIds(
          db,
          target,
          rows.map((r) => r.id),
          viewerId,
        );
  return rows.map((r) => present(r, liked.has(r.id)));
}

/**
 * The reader of one item or reply of `select` (or of the viewer's select) by its id (`alias`.id)
 * as a viewer sees it: the row `present`ed, or `notFound` when there is none.
 */
// R is the row type of `select`, which its SQL does not carry: `present` names it.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function loader<R extends Record<string, unknown>, T>(
  select: SQL | ((viewerId: string) => SQL),
  alias: 'c' | 's' | 'r',
  present: (db: Tx, rows: R[], viewerId: string) => Promise<T[]>,
  notFound: () => Error,
) {
  return async (db: Tx, id: string, viewerId: string): Promise<T> => {
    const from = typeof select === 'function' ? select(viewerId) : select;
    const rows = await queryRows<R>(db, sql`${from} where ${sql.raw(alias)}.id = ${id}`);
    const [item] = await present(db, rows, viewerId);
    if (item === undefined) throw notFound();
    return item;
  };
}
