/** Promotion by portfolio: the creator's request, its rules, and the moderators' decision. */
import { describe, expect, it } from 'vitest';
import { promotionRequests } from '../src/db/schema/index.ts';
import { useUsers, useWritersApp } from './context.ts';
import { createUser, request, userRow, type TestUser, requestAs } from './factories.ts';
import { newModLogRows, userChangedEvents } from './moderation-helpers.ts';
import { newPost } from './post-factories.ts';

describe('promotion requests', () => {
  const t = useWritersApp();
  const { mod } = useUsers(t, { mod: ['moderator'] });

  const ask = (u: TestUser, payload: object) =>
    request(t, { method: 'POST', url: '/api/promotion-requests', cookie: u.cookie, payload });
  const mine = (u: TestUser) =>
    request(t, { method: 'GET', url: '/api/promotion-requests/mine', cookie: u.cookie });
  const decide = (id: string, how: 'approve' | 'decline', payload: object = {}) =>
    request(t, {
      method: 'POST',
      url: `/api/promotion-requests/${id}/${how}`,
      cookie: mod.cookie,
      payload,
    });

  async function creator(n = 2) {
    const u = await createUser(t, { roles: ['probation-writer'] });
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) ids.push((await newPost(t, u, { title: `Story ${i + 1}` })).id);
    return { u, ids };
  }
  const requestCount = async () => (await t.database.db.select().from(promotionRequests)).length;

  it('a probation creator asks with their posts; moderators see it; approval makes them advanced', async () => {
    const { u, ids } = await creator(2);
    expect((await mine(u)).json()).toEqual({ request: null, probationTypes: ['writer'] });
    const res = await ask(u, { postIds: ids, message: 'Two stories I am proud of.' });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ id: string }>();
    expect(created).toMatchObject({
      user: { id: u.id, username: u.username },
      roleType: 'writer',
      state: 'pending',
      message: 'Two stories I am proud of.',
      posts: [
        { id: ids[0], title: 'Story 1', sectionSlug: 'general', available: true },
        { id: ids[1], title: 'Story 2', sectionSlug: 'general', available: true },
      ],
    });
    const list = await requestAs(t, mod, 'GET /api/promotion-requests');
    expect(list.json<{ id: string }[]>().map((r) => r.id)).toContain(created.id);

    const before = await userRow(t, u.id);
    const logged = await newModLogRows(t, async () => {
      const approved = await decide(created.id, 'approve', { note: 'Welcome aboard.' });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({
        state: 'approved',
        reviewer: { id: mod.id },
        decisionNote: 'Welcome aboard.',
      });
    });
    const after = await userRow(t, u.id);
    expect(after).toMatchObject({ roles: ['advanced-writer'], displayedRole: 'advanced-writer' });
    expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(before.claimsModifiedAt.getTime());
    expect(await userChangedEvents(t, u.id)).toHaveLength(1);
    expect(logged).toMatchObject([
      {
        action: 'promotionApproved',
        targetType: 'promotion',
        targetId: created.id,
        subjectUserId: u.id,
        reason: 'Welcome aboard.',
        data: { roleType: 'writer', oldRoles: ['probation-writer'], newRoles: ['advanced-writer'] },
      },
    ]);
    expect((await mine(u)).json()).toMatchObject({
      request: { id: created.id, state: 'approved' },
      probationTypes: [],
    });
    // Decided: a second decision is refused.
    expect((await decide(created.id, 'decline', { note: 'No' })).json().error.code).toBe(
      'errors.moderation.promotionDecided',
    );
  });

  it('declines with a note the creator reads; the roles stay', async () => {
    const { u, ids } = await creator(1);
    const created = (await ask(u, { postIds: ids })).json<{ id: string }>();
    const noNote = await decide(created.id, 'decline', { note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields).toEqual({ note: 'errors.required' });
    const logged = await newModLogRows(t, () =>
      decide(created.id, 'decline', { note: 'More variety, please.' }),
    );
    expect(logged).toMatchObject([
      { action: 'promotionDeclined', subjectUserId: u.id, reason: 'More variety, please.' },
    ]);
    expect((await userRow(t, u.id)).roles).toEqual(['probation-writer']);
    expect((await mine(u)).json()).toMatchObject({
      request: { state: 'declined', decisionNote: 'More variety, please.' },
    });
    // A new request is allowed after a decision.
    expect((await ask(u, { postIds: ids })).statusCode).toBe(201);
  });

  it('refuses: not probation, someone else’s post, a sixth post, a second pending request', async () => {
    const member = await createUser(t, { roles: ['member'] });
    const memberPost = (await newPost(t, member)).id;
    const notProbation = await ask(member, { postIds: [memberPost] });
    expect(notProbation.statusCode).toBe(403);
    expect(notProbation.json().error.code).toBe('errors.moderation.notProbation');
    const advanced = await createUser(t, { roles: ['advanced-writer'] });
    expect((await ask(advanced, { postIds: [(await newPost(t, advanced)).id] })).statusCode).toBe(
      403,
    );

    const { u, ids } = await creator(6);
    const others = await ask(u, { postIds: [ids[0], memberPost] });
    expect(others.statusCode).toBe(400);
    expect(others.json().error.fields).toEqual({ postIds: 'errors.moderation.notYourPost' });
    const sixth = await ask(u, { postIds: ids });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.fields).toEqual({
      postIds: 'errors.moderation.tooManyPromotionPosts',
    });
    const none = await ask(u, { postIds: [] });
    expect(none.json().error.fields).toEqual({
      postIds: 'errors.moderation.promotionPostsRequired',
    });
    const longMessage = await ask(u, { postIds: [ids[0]], message: 'x'.repeat(1001) });
    expect(longMessage.json().error.fields).toEqual({
      message: 'errors.moderation.messageTooLong',
    });
    const wrongType = await ask(u, { postIds: [ids[0]], roleType: 'faker' });
    expect(wrongType.json().error.fields).toEqual({ roleType: 'errors.moderation.notProbation' });
    const count = await requestCount();

    expect((await ask(u, { postIds: ids.slice(0, 5) })).statusCode).toBe(201);
    const second = await ask(u, { postIds: [ids[5]] });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('errors.moderation.promotionPending');
    expect(await requestCount()).toBe(count + 1);
  });

  it('a removed or deleted post shows as unavailable; unknown requests are 404', async () => {
    const { u, ids } = await creator(2);
    const created = (await ask(u, { postIds: ids })).json<{ id: string }>();
    expect(
      (await request(t, { method: 'DELETE', url: `/api/posts/${ids[1]}`, cookie: u.cookie }))
        .statusCode,
    ).toBe(204);
    const list = (
      await request(t, { method: 'GET', url: '/api/promotion-requests', cookie: mod.cookie })
    ).json<{ id: string; posts: { available: boolean }[] }[]>();
    expect(list.find((r) => r.id === created.id)?.posts.map((p) => p.available)).toEqual([
      true,
      false,
    ]);
    expect((await decide('00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    expect((await decide('nope', 'approve')).json().error.code).toBe(
      'errors.moderation.promotionNotFound',
    );
  });
});
