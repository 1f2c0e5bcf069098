import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { visitorChecks } from '../src/db/schema/index.ts';
import { useAuthApp, useUsers } from './context.ts';
import { applicationInput, createUser, request, userRow, requestAs } from './factories.ts';
import { createWriterShownAsMember } from './moderation-helpers.ts';

describe('bans', () => {
  const t = useAuthApp();
  const { mod } = useUsers(t, { mod: ['moderator'] });

  const ban = (id: string, reason = 'Spam links in every answer', cookie = mod.cookie) =>
    request(t, { method: 'POST', url: `/api/users/${id}/ban`, cookie, payload: { reason } });
  const unban = (id: string, cookie = mod.cookie) =>
    request(t, { method: 'POST', url: `/api/users/${id}/unban`, cookie });

  it('bans a member: 403 everywhere but the account, the reason shown, listed as banned', async () => {
    const u = await createWriterShownAsMember(t);
    const before = await userRow(t, u.id);

    const res = await ban(u.id);
    expect(res.statusCode).toBe(204);
    const after = await userRow(t, u.id);
    expect(after).toMatchObject({
      roles: ['probation-writer', 'member', 'banned'],
      displayedRole: 'banned',
      banReason: 'Spam links in every answer',
    });
    expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(before.claimsModifiedAt.getTime());

    const me = await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      isBanned: true,
      hasAccess: false,
      banReason: 'Spam links in every answer',
    });
    expect((await requestAs(t, u, 'PATCH /api/me', { language: 'es' })).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/sections'],
      ['GET', '/api/applications/mine'],
      ['POST', '/api/applications'],
      ['DELETE', '/api/me/avatar'],
    ] as const) {
      const denied = await request(t, {
        method,
        url,
        cookie: u.cookie,
        ...(method === 'POST' ? { payload: applicationInput() } : {}),
      });
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().error.code, url).toBe('errors.banned');
    }
    // Signing out still works.
    expect((await requestAs(t, u, 'POST /api/auth/sign-out', {})).statusCode).toBe(200);

    const list = await request(t, { method: 'GET', url: '/api/users/banned', cookie: mod.cookie });
    expect(list.json()).toContainEqual({
      id: u.id,
      username: u.username,
      displayedRole: 'banned',
      banReason: 'Spam links in every answer',
    });
  });

  it('unbans: roles and the displayed role come back, the reason goes', async () => {
    const u = await createUser(t, { roles: ['probation-writer', 'member'] });
    await ban(u.id);
    const banned = await userRow(t, u.id);
    expect((await unban(u.id)).statusCode).toBe(204);
    const after = await userRow(t, u.id);
    expect(after).toMatchObject({
      roles: ['probation-writer', 'member'],
      displayedRole: 'probation-writer',
      banReason: null,
    });
    expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(banned.claimsModifiedAt.getTime());
    expect(
      (await request(t, { method: 'GET', url: '/api/sections', cookie: u.cookie })).statusCode,
    ).toBe(200);
    const list = (
      await request(t, { method: 'GET', url: '/api/users/banned', cookie: mod.cookie })
    ).json<{ id: string }[]>();
    expect(list.map((x) => x.id)).not.toContain(u.id);
    // Unbanning someone who is not banned changes nothing.
    expect((await unban(u.id)).statusCode).toBe(204);
    expect((await userRow(t, u.id)).claimsModifiedAt).toEqual(after.claimsModifiedAt);
  });

  it('bans an applicant from the queue; the application decision keeps the ban', async () => {
    const u = await createUser(t);
    const app = (await requestAs(t, u, 'POST /api/applications', applicationInput())).json<{
      id: string;
    }>();
    await ban(u.id);
    expect(await userRow(t, u.id)).toMatchObject({
      roles: ['pending', 'banned'],
      displayedRole: 'banned',
    });
    await requestAs(t, mod, `POST /api/applications/${app.id}/approve`, { grantedRole: 'member' });
    expect(await userRow(t, u.id)).toMatchObject({
      roles: ['member', 'banned'],
      displayedRole: 'banned',
    });
    await unban(u.id);
    expect(await userRow(t, u.id)).toMatchObject({ roles: ['member'], displayedRole: 'member' });
  });

  it('refuses a ban without a reason, of oneself, or of nobody', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const noReason = await ban(u.id, '   ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'errors.required' });
    const tooLong = await ban(u.id, 'x'.repeat(501));
    expect(tooLong.json().error.fields).toEqual({ reason: 'errors.reasonTooLong' });
    const self = await ban(mod.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('errors.cannotBanSelf');
    const nobody = await ban('no-such-user');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.code).toBe('errors.userNotFound');
    expect((await userRow(t, u.id)).roles).toEqual(['member']);
    expect((await userRow(t, mod.id)).roles).toEqual(['moderator']);
  });
});

describe('visitor checks and client errors', () => {
  const t = useAuthApp();

  it('stores (user, visitor id, time) for any signed-in user, banned ones too', async () => {
    const u = await createUser(t, { verified: false });
    const banned = await createUser(t, { roles: ['member', 'banned'] });
    for (const who of [u, banned]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/verify/fp_12-ab',
        headers: { origin: t.config.baseUrl, cookie: who.cookie },
      });
      expect(res.statusCode).toBe(204);
    }
    // Again, with an empty JSON body: one row per (user, visitor), last seen moves.
    const first = await t.database.db
      .select()
      .from(visitorChecks)
      .where(eq(visitorChecks.userId, u.id));
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/verify/fp_12-ab',
      headers: { origin: t.config.baseUrl, cookie: u.cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(again.statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(visitorChecks)
      .where(eq(visitorChecks.visitorId, 'fp_12-ab'));
    expect(rows.map((r) => r.userId).sort()).toEqual([u.id, banned.id].sort());
    const mine = rows.find((r) => r.userId === u.id);
    expect(mine?.lastSeenAt.getTime()).toBeGreaterThanOrEqual(first[0]?.lastSeenAt.getTime() ?? 0);

    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/auth/verify/fp_12-ab' })).statusCode,
    ).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/verify/not%20valid!',
      headers: { origin: t.config.baseUrl, cookie: u.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ visitorId: 'errors.visitorIdInvalid' });
  });

  it('logs client errors from anyone and limits them per IP', async () => {
    const send = (payload: unknown, remoteAddress = '192.0.2.50') =>
      t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress,
        payload: payload as object,
      });
    expect(
      (
        await send({
          message: 'TypeError: x is undefined',
          stack: 'at foo',
          url: 'http://localhost/x',
        })
      ).statusCode,
    ).toBe(204);
    const invalid = await send({ message: 'x'.repeat(2001) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('errors.validation');
    let last = 204;
    for (let i = 0; i < 40 && last !== 429; i++)
      last = (await send({ message: `error ${i}` }, '192.0.2.51')).statusCode;
    expect(last).toBe(429);
    const limited = await send({ message: 'one more' }, '192.0.2.51');
    expect(limited.json().error.code).toBe('errors.rateLimited');
    expect((await send({ message: 'other address' }, '192.0.2.52')).statusCode).toBe(204);
  });
});
