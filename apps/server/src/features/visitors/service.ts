/** Visitor ids: (user, visitor id, first and last seen), read by the ban-evasion signals. */
import type { Db } from '../../db/client.ts';
import { visitorChecks } from '../../db/schema/index.ts';

export async function recordVisitor(db: Db, userId: string, visitorId: string, now = new Date()) {
  await db
    .insert(visitorChecks)
    .values({ userId, visitorId, createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [visitorChecks.userId, visitorChecks.visitorId],
      set: { lastSeenAt: now },
    });
}
