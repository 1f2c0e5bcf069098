/**
 * POST /api/notifications/dismiss-all (issue 11): dismisses every undismissed notification of the
 * signed-in user at one server time, leaves others' alone, and tells the user's other tabs
 * (`notification:allDismissed`). Users without access are refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DismissAllResult, Notification } from '@atelier/shared';
import { notifications } from '../src/db/schema/index.ts';
import { createAuthTestApp, createUser, request, type TestUser } from './factories.ts';
import type { TestApp } from './helpers.ts';
import { collect, next, socketKit, type SocketKit } from './live-sockets.ts';

describe('notifications: dismiss all', () => {
  let t: TestApp;
  let kit: SocketKit;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    kit = socketKit(t, await t.app.listen({ port: 0, host: '127.0.0.1' }));
    [alice, bob] = await Promise.all([
      createUser(t, { roles: ['member'] }),
      createUser(t, { roles: ['member'] }),
    ]);
  });
  afterEach(() => kit.closeAll());
  afterAll(() => t.close());

  const insert = async (recipient: TestUser, author: TestUser, minutesAgo: number) => {
    const [row] = await t.database.db
      .insert(notifications)
      .values({
        recipientId: recipient.id,
        authorId: author.id,
        type: 'statusReply',
        statusId: '00000000-0000-4000-8000-000000000001',
        replyId: '00000000-0000-4000-8000-000000000002',
        content: `reply ${minutesAgo}`,
        repliedContent: 'status',
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      })
      .returning({ id: notifications.id });
    return row!.id;
  };
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
