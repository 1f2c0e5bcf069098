/**
 * POST /api/notifications/dismiss-all (issue 11): dismisses every undismissed notification of the
 * signed-in user at one server time, leaves others' alone, and tells the user's other tabs
 * (`notification:allDismissed`). Users without access are refused.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DismissAllResult, Notification } from '@atelier/shared';
import { notifications } from '../src/db/schema/index.ts';
import { useAuthApp, useSockets, useUsers } from './context.ts';
import { createUser, request, type TestUser } from './factories.ts';
import { insertNotification } from './notification-factories.ts';
import { collect, next } from './live-sockets.ts';

describe('notifications: dismiss all', () => {
  const t = useAuthApp();
  const kit = useSockets(t);
  const { alice, bob } = useUsers(t, { alice: ['member'], bob: ['member'] });

  const insert = (recipient: TestUser, author: TestUser, minutesAgo: number) =>
    insertNotification(t, recipient, author, minutesAgo);
  const dismissAll = (cookie?: string) =>
    request(t, { method: 'POST', url: '/api/notifications/dismiss-all', cookie });
  const list = async (u: TestUser) =>
    (await request(t, { method: 'GET', url: '/api/notifications', cookie: u.cookie })).json<
      Notification[]
    >();

  it('dismisses all of one’s own at one time, tells the other tabs, and leaves others’ alone', async () => {
    const mine = [
      await insert(alice, bob, 3),
      await insert(alice, bob, 2),
      await insert(alice, bob, 1),
    ];
    const bobs = await insert(bob, alice, 1);
    const [tab, bobTab] = await Promise.all([kit.open(alice.cookie), kit.open(bob.cookie)]);
    const heard = next(tab, 'notification:allDismissed');
    const bobHeard = collect(bobTab, 'notification:allDismissed');

    const res = await dismissAll(alice.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DismissAllResult>();
    expect(body.dismissed).toBe(3);
    expect(await heard).toEqual({ dismissedTimestamp: body.dismissedTimestamp });
    expect(await list(alice)).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, alice.id));
    expect(rows.map((r) => r.id).sort()).toEqual([...mine].sort());
    for (const r of rows) {
      expect(r.dismissed).toBe(true);
      expect(r.dismissedAt?.toISOString()).toBe(body.dismissedTimestamp);
    }
    expect((await list(bob)).map((n) => n.id)).toEqual([bobs]);
    expect(bobHeard).toEqual([]);

    // Again: nothing left, nothing pushed, the first times kept.
    const again = await dismissAll(alice.cookie);
    expect(again.json<DismissAllResult>().dismissed).toBe(0);
  });

  it('refuses visitors and users without access', async () => {
    expect((await dismissAll()).statusCode).toBe(401);
    const pending = await createUser(t);
    expect((await dismissAll(pending.cookie)).statusCode).toBe(403);
    const banned = await createUser(t, { roles: ['member', 'banned'] });
    expect((await dismissAll(banned.cookie)).statusCode).toBe(403);
  });
});
