import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LikeState, Page, StatusReply, StatusUpdate } from '@atelier/shared';
import { siteCounters, statusReplies } from '../src/db/schema/index.ts';
import { counterDrift } from '../src/demo/counters.ts';
import { createUser, request, requestAs, userRow, type TestUser, send } from './factories.ts';
import { useAuthApp, useUsers } from './context.ts';
import { planOf, StatementLog } from './plans.ts';

const log = new StatementLog();

describe('status updates and their replies', () => {
  const t = useAuthApp({}, { logger: log });
  const { alice, bob, carol, mod } = useUsers(t, {
    alice: ['member'],
    bob: ['probation-writer'],
    carol: ['advanced-faker'],
    mod: ['moderator'],
  });

  const siteStatus = async () =>
    (
      await t.database.db.select().from(siteCounters).where(eq(siteCounters.name, 'statusUpdates'))
    )[0]?.value ?? 0;
  const post = (u: TestUser, content = 'Working on a new piece') =>
    requestAs(t, u, 'POST /api/status-updates', { content });
  const reply = (
    u: TestUser,
    id: string,
    content = 'Looks great',
    replyToId: string | null = null,
  ) => requestAs(t, u, `POST /api/status-updates/${id}/replies`, { content, replyToId });
  const feed = async (u: TestUser, query = '') => {
    const res = await send(t, u, `GET /api/status-updates${query}`, undefined, 200);
    return res.json<Page<StatusUpdate>>();
  };
  const remove = (u: TestUser, url: string) =>
    request(t, { method: 'DELETE', url, cookie: u.cookie });
  const like = (u: TestUser, url: string, liked = true) =>
    request(t, { method: liked ? 'PUT' : 'DELETE', url, cookie: u.cookie });

  it('posts a status update (≤ 1,000 chars) and counts it on the site', async () => {
    const before = await siteStatus();
    const res = await post(alice, '  Hello, Atelier  ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<StatusUpdate>()).toMatchObject({
      author: { id: alice.id, username: alice.username, displayedRole: 'member' },
      content: 'Hello, Atelier',
      replyCount: 0,
      likeCount: 0,
      liked: false,
      editionCount: 0,
      editionTimestamp: null,
    });
    expect(await siteStatus()).toBe(before + 1);
    // Its validation (at most 1,000 characters): conversations.test.ts.
  });

  it('lists newest first with a keyset cursor, by author, with liked flags', async () => {
    const author = await createUser(t, { roles: ['member'] });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await post(author, `Status ${i}`)).json<StatusUpdate>().id);
    await like(mod, `/api/status-updates/${ids[1]}/like`);
    const newest = [...ids].reverse();
    const first = await feed(mod, `?author=${author.id}&limit=3`);
    expect(first.items.map((s) => s.id)).toEqual(newest.slice(0, 3));
    const second = await feed(mod, `?author=${author.id}&limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((s) => s.id)).toEqual(newest.slice(3));
    expect(second.items.map((s) => s.liked)).toEqual([true, false]);
    expect(second.nextCursor).toBeNull();
    expect((await feed(mod)).items[0]!.id).toBe(ids[4]);
    expect(
      (
        await request(t, {
          method: 'GET',
          url: '/api/status-updates?cursor=zzz',
          cookie: mod.cookie,
        })
      ).statusCode,
    ).toBe(400);
  });

  // Access, validation, editing, reply targets and reply edits: conversations.test.ts.

  it('a status update that is gone has no replies (404)', async () => {
    await send(
      t,
      mod,
      'GET /api/status-updates/00000000-0000-4000-8000-000000000000/replies',
      undefined,
      404,
    );
  });

  it('an edited reply keeps its likes; deleted, its author loses them', async () => {
    const s = (await post(alice)).json<StatusUpdate>();
    const r = (await reply(bob, s.id, 'Original')).json<StatusReply>();
    const url = `/api/status-replies/${r.id}`;
    await like(alice, `${url}/like`);
    const patch = await request(t, {
      method: 'PATCH',
      url,
      cookie: bob.cookie,
      payload: { content: 'Changed' },
    });
    expect(patch.json<StatusReply>()).toMatchObject({
      content: 'Changed',
      editionCount: 1,
      liked: false,
      likeCount: 1,
    });

    const bobLikes = (await userRow(t, bob.id)).statusUpdateLikeCount;
    expect((await remove(bob, url)).statusCode).toBe(204);
    expect((await userRow(t, bob.id)).statusUpdateLikeCount).toBe(bobLikes - 1);
  });

  it('deletes a status update with its replies; authors lose the likes they received there', async () => {
    const s = (await post(alice)).json<StatusUpdate>();
    const r = (await reply(bob, s.id)).json<StatusReply>();
    expect((await like(bob, `/api/status-updates/${s.id}/like`)).json<LikeState>()).toEqual({
      liked: true,
      likeCount: 1,
    });
    await like(carol, `/api/status-updates/${s.id}/like`);
    await like(alice, `/api/status-replies/${r.id}/like`);
    const [a, b] = [await userRow(t, alice.id), await userRow(t, bob.id)];
    const site = await siteStatus();

    expect((await remove(bob, `/api/status-updates/${s.id}`)).statusCode).toBe(403);
    expect((await remove(mod, `/api/status-updates/${s.id}`)).statusCode).toBe(204);
    expect((await userRow(t, alice.id)).statusUpdateLikeCount).toBe(a.statusUpdateLikeCount - 2);
    expect((await userRow(t, bob.id)).statusUpdateLikeCount).toBe(b.statusUpdateLikeCount - 1);
    expect(await siteStatus()).toBe(site - 1);
    expect(
      await t.database.db.select().from(statusReplies).where(eq(statusReplies.statusId, s.id)),
    ).toEqual([]);
    expect((await remove(alice, `/api/status-updates/${s.id}`)).statusCode).toBe(404);
    expect((await like(bob, `/api/status-updates/${s.id}/like`)).statusCode).toBe(404);
  });

  it('own status deleted by its author', async () => {
    const s = (await post(carol)).json<StatusUpdate>();
    expect((await remove(carol, `/api/status-updates/${s.id}`)).statusCode).toBe(204);
    expect((await feed(carol, `?author=${carol.id}`)).items.map((x) => x.id)).not.toContain(s.id);
  });

  it('keeps every counter equal to a recount', async () => {
    expect(await counterDrift(t.database.db)).toEqual([]);
  });

  it('serves status lists (all, by author) and replies from indexes', async () => {
    const s = (await post(alice)).json<StatusUpdate>();
    await reply(bob, s.id);
    for (const [url, index] of [
      ['/api/status-updates', /status_updates_new_idx/],
      [`/api/status-updates?author=${alice.id}`, /status_updates_author_idx/],
    ] as const) {
      const plan = await planOf(t, log, mod.cookie, url, /from status_updates s/);
      expect(plan, url).not.toMatch(/Seq Scan on (status_updates|"user")/);
      expect(plan, url).toMatch(index);
    }
    const replies = await planOf(
      t,
      log,
      mod.cookie,
      `/api/status-updates/${s.id}/replies`,
      /from status_update_replies r/,
    );
    expect(replies).not.toMatch(/Seq Scan on (status_update_replies|"user")/);
    expect(replies).toMatch(/status_replies_status_idx/);
  });
});
