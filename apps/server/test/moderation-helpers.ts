/** Helpers for the moderation tests (roles, promotions, notes, mod log). */
import { asc, eq } from 'drizzle-orm';
import { domainEvents, modLog } from '../src/db/schema/index.ts';
import { createUser, request, type TestUser } from './factories.ts';
import type { TestApp } from './helpers.ts';

export async function modLogRows(t: TestApp) {
  return t.database.db.select().from(modLog).orderBy(asc(modLog.id));
}

/** The mod-log rows written while `fn` runs. */
export async function newModLogRows(t: TestApp, fn: () => Promise<unknown>) {
  const before = (await modLogRows(t)).length;
  await fn();
  return (await modLogRows(t)).slice(before);
}

/** `user.changed` events recorded for a user. */
export async function userChangedEvents(t: TestApp, userId: string) {
  const rows = await t.database.db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.type, 'user.changed'))
    .orderBy(asc(domainEvents.id));
  return rows.filter((r) => r.data.userId === userId);
}

/** A probation writer who is also a member and chose to show `member` (PATCH /api/me). */
export async function createWriterShownAsMember(t: TestApp): Promise<TestUser> {
  const u = await createUser(t, { roles: ['probation-writer', 'member'] });
  const res = await request(t, {
    method: 'PATCH',
    url: '/api/me',
    cookie: u.cookie,
    payload: { displayedRole: 'member' },
  });
  if (res.statusCode !== 200)
    throw new Error(`PATCH /api/me failed: ${res.statusCode} ${res.body}`);
  return u;
}
