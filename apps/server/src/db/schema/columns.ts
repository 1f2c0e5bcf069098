/** Column builders the tables share (each call makes a new column). */
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** `id`: a random UUID primary key. */
export function uuidPrimaryKey() {
  return uuid('id').primaryKey().defaultRandom();
}

/** A `timestamp with time zone` column. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** A required `timestamp with time zone` column that defaults to now (`created_at`…). */
export function timestampNow(name = 'created_at') {
  return timestamptz(name).notNull().defaultNow();
}
