/**
 * Opaque keyset cursors: the sort key of the last row shown, as base64url JSON, checked against
 * a Zod tuple when it comes back (a forged cursor is a 400 `errors.validation` on `cursor`, never
 * SQL). Timestamps keep PostgreSQL's microseconds (a JS Date would lose them): select them with
 * `cursorTs`.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from './errors.ts';

/** `to_char` of a timestamptz column as the cursor's UTC timestamp with microseconds. */
export const cursorTs = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key part: a timestamp as `cursorTs` writes it. */
export const cursorTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
/** A key part: a row id (row ids are UUIDs; pass another pattern for Better Auth's user ids). */
export const cursorId = (pattern: RegExp = uuidPattern) => z.string().regex(pattern);

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(cursor: string, key: T): z.output<T> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = key.safeParse(value);
  if (!parsed.success) throw badRequest('errors.validation', { cursor: 'errors.invalid' });
  return parsed.data;
}

/** (created_at, id): the conversations' and the likers' lists. */
export type TimeKey = [string, string];

export const encodeTimeCursor = (key: TimeKey): string => encodeCursor(key);

export const decodeTimeCursor = (cursor: string, idPattern: RegExp = uuidPattern): TimeKey =>
  decodeCursor(cursor, z.tuple([cursorTimestamp, cursorId(idPattern)]));
