import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LikeState, Page, StatusReply, StatusUpdate } from '@atelier/shared';
import { siteCounters, statusReplies } from '../src/db/schema/index.ts';
import { counterDrift } from '../src/demo/counters.ts';
import {
  createAuthTestApp,
  createModerator,
  createUser,
  request,
  userRow,
  type TestUser,
} from './factories.ts';
import type { TestApp } from './helpers.ts';
import { planOf, StatementLog } from './plans.ts';

const log = new StatementLog();

describe('status updates and their replies', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let mod: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp({}, { logger: log });
    [alice, bob, carol, mod] = await Promise.all([
      createUser(t, { roles: ['member'] }),
      createUser(t, { roles: ['probation-writer'] }),
      createUser(t, { roles: ['advanced-faker'] }),
      createModerator(t),
    ]);
  });
  afterAll(() => t.close());

  const siteStatus = async () =>
    (
      await t.database.db.select().from(siteCounters).where(eq(siteCounters.name, 'statusUpdates'))
    )[0]?.value ?? 0;
  const post = (u: TestUser, content = 'Working on a new piece') =>
    request(t, {
      method: 'POST',
      url: '/api/status-updates',
      cookie: u.cookie,
      payload: { content },
    });
  const reply = (
    u: TestUser,
    id: string,
    content = 'Looks great',
    replyToId: string | null = null,
  ) =>
    request(t, {
      method: 'POST',
      url: `/api/status-updates/${id}/replies`,
      cookie: u.cookie,
      payload: { content, replyToId },
    });
  const replies = async (u: TestUser, id: string) => {
    const res = await request(t, {
      method: 'GET',
      url: `/api/status-updates/${id}/replies`,
      cookie: u.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StatusReply[]>();
  };
  const feed = async (u: TestUser, query = '') => {
    const res = await request(t, {
      method: 'GET',
      url: `/api/status-updates${query}`,
      cookie: u.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<StatusUpdate>>();
  };
  const like = (u: TestUser, url: string, liked = true) =>
    request(t, { method: liked ? 'PUT' : 'DELETE', url, cookie: u.cookie });

  it('refuses every state without access', async () => {
    expect((await request(t, { method: 'GET', url: '/api/status-updates' })).statusCode).toBe(401);
    expect(
      (await request(t, { method: 'POST', url: '/api/status-updates', payload: { content: 'x' } }))
        .statusCode,
    ).toBe(401);
    for (const role of ['pending', 'rejected', 'banned'] as const) {
      const u = await createUser(t, { roles: [role] });
      expect(
        (await request(t, { method: 'GET', url: '/api/status-updates', cookie: u.cookie }))
          .statusCode,
        role,
      ).toBe(403);
      expect((await post(u)).statusCode, role).toBe(403);
    }
  });

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

    const long = await post(alice, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'errors.validation',
      fields: { content: 'errors.statusTooLong' },
    });
    expect((await post(alice, ' ')).json().error.fields).toEqual({ content: 'errors.required' });
    expect((await post(bob, 'y'.repeat(1000))).statusCode).toBe(201);
    expect(await siteStatus()).toBe(before + 2);
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

  it('edits: author or moderator, others 403', async () => {
    const s = (await post(alice)).json<StatusUpdate>();
    const patch = (u: TestUser, content: string) =>
      request(t, {
        method: 'PATCH',
        url: `/api/status-updates/${s.id}`,
        cookie: u.cookie,
        payload: { content },
      });
    const other = await patch(bob, 'hijack');
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('errors.notYourContent');
    const own = (await patch(alice, 'Edited')).json<StatusUpdate>();
    expect(own).toMatchObject({ content: 'Edited', editionCount: 1 });
    expect(own.editionTimestamp).not.toBeNull();
    expect((await patch(mod, 'By a moderator')).json<StatusUpdate>()).toMatchObject({
      editionCount: 2,
      author: { id: alice.id },
    });
    expect((await patch(alice, 'x'.repeat(1001))).json().error.fields).toEqual({
      content: 'errors.statusTooLong',
    });
    const missing = await request(t, {
      method: 'PATCH',
      url: '/api/status-updates/00000000-0000-4000-8000-000000000000',
      cookie: alice.cookie,
      payload: { content: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('errors.statusUpdateNotFound');
  });

  it('replies to the status or to a reply of it, oldest first', async () => {
    const s = (await post(alice, `A status ${'long '.repeat(80)}`)).json<StatusUpdate>();
    const r1res = await reply(bob, s.id, 'First!');
    expect(r1res.statusCode, r1res.body).toBe(201);
    const r1 = r1res.json<StatusReply>();
    expect(r1).toMatchObject({
      parentId: s.id,
      author: { id: bob.id },
      content: 'First!',
      replyingTo: { replyId: null, author: { id: alice.id } },
      likeCount: 0,
      liked: false,
      editionCount: 0,
    });
    expect(r1.replyingTo.content.startsWith('A status long')).toBe(true);
    expect(r1.replyingTo.content.length).toBeLessThanOrEqual(200);
    const r2 = (await reply(carol, s.id, 'Second', r1.id)).json<StatusReply>();
    expect(r2.replyingTo).toEqual({
      replyId: r1.id,
      author: expect.objectContaining({ id: bob.id }),
      content: 'First!',
    });

    const other = (await post(bob)).json<StatusUpdate>();
    const wrong = await reply(alice, other.id, 'Nope', r1.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'errors.replyNotFound',
      fields: { replyToId: 'errors.replyNotFound' },
    });
    expect((await reply(alice, s.id, 'x'.repeat(1001))).json().error.fields).toEqual({
      content: 'errors.statusTooLong',
    });

    expect((await replies(mod, s.id)).map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect(await replies(mod, other.id)).toEqual([]);
    const unknown = await request(t, {
      method: 'GET',
      url: '/api/status-updates/00000000-0000-4000-8000-000000000000/replies',
      cookie: mod.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await reply(alice, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await feed(mod, `?author=${alice.id}&limit=1`)).items[0]).toMatchObject({
      id: s.id,
      replyCount: 2,
    });
  });

  it('edits and deletes replies (author or moderator)', async () => {
    const s = (await post(alice)).json<StatusUpdate>();
    const r = (await reply(bob, s.id, 'Original')).json<StatusReply>();
    const answer = (await reply(alice, s.id, 'Answer', r.id)).json<StatusReply>();
    await like(alice, `/api/status-replies/${r.id}/like`);
    const patch = (u: TestUser) =>
      request(t, {
        method: 'PATCH',
        url: `/api/status-replies/${r.id}`,
        cookie: u.cookie,
        payload: { content: 'Changed' },
      });
    expect((await patch(alice)).statusCode).toBe(403);
    expect((await patch(bob)).json<StatusReply>()).toMatchObject({
      content: 'Changed',
      editionCount: 1,
      liked: false,
      likeCount: 1,
    });
    expect((await patch(mod)).json<StatusReply>()).toMatchObject({ editionCount: 2 });

    const bobLikes = (await userRow(t, bob.id)).statusUpdateLikeCount;
    const del = (u: TestUser) =>
      request(t, { method: 'DELETE', url: `/api/status-replies/${r.id}`, cookie: u.cookie });
    expect((await del(carol)).statusCode).toBe(403);
    expect((await del(bob)).statusCode).toBe(204);
    expect((await del(bob)).statusCode).toBe(404);
    expect((await userRow(t, bob.id)).statusUpdateLikeCount).toBe(bobLikes - 1);
    const left = await replies(alice, s.id);
    expect(left.map((x) => x.id)).toEqual([answer.id]);
    expect(left[0]!.replyingTo).toMatchObject({ replyId: r.id, content: '' });
    expect((await feed(alice, `?author=${alice.id}&limit=1`)).items[0]).toMatchObject({
      id: s.id,
      replyCount: 1,
    });
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

    expect(
      (
        await request(t, {
          method: 'DELETE',
          url: `/api/status-updates/${s.id}`,
          cookie: bob.cookie,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await request(t, {
          method: 'DELETE',
          url: `/api/status-updates/${s.id}`,
          cookie: mod.cookie,
        })
      ).statusCode,
    ).toBe(204);
    expect((await userRow(t, alice.id)).statusUpdateLikeCount).toBe(a.statusUpdateLikeCount - 2);
    expect((await userRow(t, bob.id)).statusUpdateLikeCount).toBe(b.statusUpdateLikeCount - 1);
    expect(await siteStatus()).toBe(site - 1);
    expect(
      await t.database.db.select().from(statusReplies).where(eq(statusReplies.statusId, s.id)),
    ).toEqual([]);
    expect(
      (
        await request(t, {
          method: 'DELETE',
          url: `/api/status-updates/${s.id}`,
          cookie: alice.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect((await like(bob, `/api/status-updates/${s.id}/like`)).statusCode).toBe(404);
  });

  it('own status deleted by its author', async () => {
    const s = (await post(carol)).json<StatusUpdate>();
    expect(
      (
        await request(t, {
          method: 'DELETE',
          url: `/api/status-updates/${s.id}`,
          cookie: carol.cookie,
        })
      ).statusCode,
    ).toBe(204);
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
