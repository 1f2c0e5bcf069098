import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Application, MyApplication } from '@atelier/shared';
import { applications } from '../src/db/schema/index.ts';
import { useAuthApp, useUsers } from './context.ts';
import {
  applicationInput,
  createUser,
  request,
  userRow,
  type TestUser,
  send,
} from './factories.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('applications', () => {
  const t = useAuthApp();
  const { mod } = useUsers(t, { mod: ['moderator'] });

  const submit = (u: TestUser, payload: object = applicationInput()) =>
    request(t, { method: 'POST', url: '/api/applications', cookie: u.cookie, payload });
  const mine = (u: TestUser) =>
    request(t, { method: 'GET', url: '/api/applications/mine', cookie: u.cookie });
  const decide = (id: string, action: 'approve' | 'reject', payload: object, cookie = mod.cookie) =>
    request(t, { method: 'POST', url: `/api/applications/${id}/${action}`, cookie, payload });
  const applicationCount = async (applicantId: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(applications)
        .where(eq(applications.applicantId, applicantId))
    )[0]?.n ?? 0;

  it('submits an application and shows it as mine and in the moderators’ queue', async () => {
    const u = await createUser(t);
    expect((await mine(u)).json()).toEqual({ application: null, reapplyAt: null });

    const res = await submit(u);
    expect(res.statusCode).toBe(201);
    const app = res.json<Application>();
    expect(app).toMatchObject({
      applicant: { id: u.id, username: u.username, displayedRole: 'pending', email: u.email },
      requestedType: 'writer',
      aboutYou: 'I write short fiction and parody news.',
      links: ['https://example.com/portfolio'],
      state: 'pending',
      reviewer: null,
      decisionNote: null,
      grantedRole: null,
      decidedAt: null,
    });
    expect((await mine(u)).json()).toEqual({ application: app, reapplyAt: null });

    const queue = await request(t, { method: 'GET', url: '/api/applications', cookie: mod.cookie });
    expect(queue.statusCode).toBe(200);
    expect(queue.json<Application[]>().map((a) => a.id)).toContain(app.id);
  });

  it('validates links and answers with field errors and writes nothing', async () => {
    const u = await createUser(t);
    const cases: [object, Record<string, string>][] = [
      [applicationInput({ links: ['not a url'] }), { 'links.0': 'errors.urlInvalid' }],
      [applicationInput({ links: ['ftp://example.com/file'] }), { 'links.0': 'errors.urlInvalid' }],
      [
        applicationInput({
          links: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`),
        }),
        { links: 'errors.tooManyLinks' },
      ],
      [applicationInput({ aboutYou: 'x'.repeat(2001) }), { aboutYou: 'errors.answerTooLong' }],
      [applicationInput({ whyJoin: 'y'.repeat(2001) }), { whyJoin: 'errors.answerTooLong' }],
      [applicationInput({ whyJoin: '   ' }), { whyJoin: 'errors.required' }],
      [applicationInput({ requestedType: 'wizard' }), { requestedType: 'errors.required' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await submit(u, payload);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'errors.validation', fields });
    }
    expect(await applicationCount(u.id)).toBe(0);
  });

  it('refuses a second application while one is pending', async () => {
    const u = await createUser(t);
    expect((await submit(u)).statusCode).toBe(201);
    const second = await submit(u, applicationInput({ requestedType: 'faker' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('errors.applicationPending');
    expect(await applicationCount(u.id)).toBe(1);
  });

  it('refuses an application from a member', async () => {
    const member = await createUser(t, { roles: ['member'] });
    const res = await submit(member);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('errors.alreadyMember');
  });

  it('approves with a granted role: roles, displayed role and claims change in one go', async () => {
    const u = await createUser(t);
    const app = (await submit(u)).json<Application>();
    const before = await userRow(t, u.id);

    const bad = await decide(app.id, 'approve', { grantedRole: 'moderator' });
    expect(bad.statusCode).toBe(400);
    expect((await userRow(t, u.id)).roles).toEqual(['pending']);

    const res = await decide(app.id, 'approve', { grantedRole: 'probation-writer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'approved',
      grantedRole: 'probation-writer',
      reviewer: { id: mod.id, username: mod.username, displayedRole: 'moderator' },
      decidedAt: expect.any(String),
    });
    const after = await userRow(t, u.id);
    expect(after.roles).toEqual(['probation-writer']);
    expect(after.displayedRole).toBe('probation-writer');
    expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(before.claimsModifiedAt.getTime());
    const me = (await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).json();
    expect(me).toMatchObject({
      hasAccess: true,
      roles: ['probation-writer'],
      claimsModifiedTimestamp: after.claimsModifiedAt.toISOString(),
    });
    expect(
      (await request(t, { method: 'GET', url: '/api/sections', cookie: u.cookie })).statusCode,
    ).toBe(200);

    const again = await decide(app.id, 'reject', { note: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('errors.applicationDecided');
    expect((await userRow(t, u.id)).roles).toEqual(['probation-writer']);
  });

  it('rejects with a note; a new application is allowed 30 days after the decision', async () => {
    const u = await createUser(t);
    const app = (await submit(u)).json<Application>();
    const emptyNote = await decide(app.id, 'reject', { note: ' ' });
    expect(emptyNote.json().error.fields).toEqual({ note: 'errors.required' });

    const res = await decide(app.id, 'reject', { note: 'Please show more of your work.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'rejected',
      decisionNote: 'Please show more of your work.',
      grantedRole: null,
    });
    const rejected = await userRow(t, u.id);
    expect(rejected).toMatchObject({ roles: ['rejected'], displayedRole: 'rejected' });

    const my = (await mine(u)).json<MyApplication>();
    expect(my.application?.state).toBe('rejected');
    expect(new Date(my.reapplyAt ?? 0).getTime()).toBe(
      new Date(res.json<Application>().decidedAt ?? 0).getTime() + 30 * DAY,
    );

    const tooSoon = await submit(u);
    expect(tooSoon.statusCode).toBe(403);
    expect(tooSoon.json().error).toMatchObject({
      code: 'errors.reapplyTooSoon',
      fields: { reapplyAt: my.reapplyAt },
    });
    expect(await applicationCount(u.id)).toBe(1);

    // 31 days later.
    await t.database.db
      .update(applications)
      .set({ decidedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(applications.id, app.id));
    const later = await submit(u);
    expect(later.statusCode).toBe(201);
    const back = await userRow(t, u.id);
    expect(back).toMatchObject({ roles: ['pending'], displayedRole: 'pending' });
    expect(back.claimsModifiedAt.getTime()).toBeGreaterThan(rejected.claimsModifiedAt.getTime());
    expect((await mine(u)).json()).toMatchObject({
      application: { id: later.json<Application>().id, state: 'pending' },
      reapplyAt: null,
    });
  });

  it('lists applications by state: pending oldest first, decided newest first', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const appA = (await submit(a)).json<Application>();
    const appB = (await submit(b)).json<Application>();
    const listed = async (state: string) => {
      const res = await send(t, mod, `GET /api/applications?state=${state}`, undefined, 200);
      return res.json<{ id: string }[]>();
    };
    const pending = await listed('pending');
    const ids = pending.map((x) => x.id);
    expect(ids.indexOf(appA.id)).toBeLessThan(ids.indexOf(appB.id));

    await decide(appA.id, 'approve', { grantedRole: 'member' });
    await decide(appB.id, 'approve', { grantedRole: 'probation-faker' });
    const approved = await listed('approved');
    expect(approved[0]?.id).toBe(appB.id);
    expect(approved.map((x) => x.id)).toContain(appA.id);
    await send(t, mod, 'GET /api/applications?state=lost', undefined, 400);
  });

  it('answers 404 for an unknown application', async () => {
    const missing = await decide('00000000-0000-4000-8000-000000000000', 'approve', {
      grantedRole: 'member',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('errors.applicationNotFound');
    expect((await decide('not-a-uuid', 'reject', { note: 'x' })).statusCode).toBe(404);
  });
});
