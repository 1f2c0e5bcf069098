/**
 * Keyset cursors on (created_at, id) for the conversation lists (comments oldest first, status
 * updates newest first). The timestamp keeps PostgreSQL's microseconds (a JS Date would lose
 * them); a forged cursor is a 400, never SQL.
 */
import { sql } from 'drizzle-orm';
import { badRequest } from '../../lib/errors.ts';

export type TimeKey = [string, string];

/** `to_char` of a timestamptz column as the cursor's UTC timestamp with microseconds. */
export const cursorTs = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tsPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeTimeCursor(key: TimeKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** `idPattern`: what the key's id may look like (row ids are UUIDs; Better Auth's user ids are not). */
export function decodeTimeCursor(cursor: string, idPattern: RegExp = uuidPattern): TimeKey {
  const invalid = () => badRequest('errors.validation', { cursor: 'errors.invalid' });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [ts, id] = value as unknown[];
  if (
    typeof ts !== 'string' ||
    !tsPattern.test(ts) ||
    typeof id !== 'string' ||
    !idPattern.test(id)
  ) {
    throw invalid();
  }
  return [ts, id];
}

/** Both drivers give Date for timestamptz; a string is accepted too. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export const isoOrNull = (value: Date | string | null): string | null =>
  value ? iso(value) : null;
