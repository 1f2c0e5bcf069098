/** Roles on a profile: set roles, promote, reset the displayed role; unban restores access. */
import { describe, expect, it } from 'vitest';
import { useAuthApp, useUsers } from './context.ts';
import {
  createModerator,
  createUser,
  request,
  userRow,
  requestAs,
  type TestUser,
} from './factories.ts';
import {
  createWriterShownAsMember,
  newModLogRows,
  userChangedEvents,
} from './moderation-helpers.ts';

describe('roles on a profile', () => {
  const t = useAuthApp();
  const { mod } = useUsers(t, { mod: ['moderator'] });

  const setRoles = (id: string, roles: unknown, cookie = mod.cookie) =>
    request(t, { method: 'PUT', url: `/api/users/${id}/roles`, cookie, payload: { roles } });
  const resetDisplayed = (id: string, cookie = mod.cookie) =>
    request(t, { method: 'POST', url: `/api/users/${id}/displayed-role/reset`, cookie });

  it('promotes probation-X to advanced-X: claims move, user.changed recorded, one mod-log row', async () => {
    const u = await createUser(t, { roles: ['probation-writer'] });
    const before = await userRow(t, u.id);
    let res!: Awaited<ReturnType<typeof setRoles>>;
    const logged = await newModLogRows(t, async () => {
      res = await setRoles(u.id, ['advanced-writer']);
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      roles: ['advanced-writer'],
      displayedRole: 'advanced-writer',
    });
    const after = await userRow(t, u.id);
    expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(before.claimsModifiedAt.getTime());
    const events = await userChangedEvents(t, u.id);
    expect(events.at(-1)?.data).toEqual({
      userId: u.id,
      claimsModifiedTimestamp: after.claimsModifiedAt.toISOString(),
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      moderatorId: mod.id,
      action: 'rolesChanged',
      targetType: 'user',
      targetId: u.id,
      subjectUserId: u.id,
      data: { oldRoles: ['probation-writer'], newRoles: ['advanced-writer'] },
    });
    // The user's next request sees the new roles.
    expect(
      (await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).json(),
    ).toMatchObject({ roles: ['advanced-writer'] });
  });

  it('adds and removes roles in canonical order, keeps the displayed role if still held, keeps a ban', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const added = await setRoles(u.id, ['member', 'probation-faker', 'moderator']);
    expect(added.json()).toMatchObject({
      roles: ['moderator', 'probation-faker', 'member'],
      displayedRole: 'member',
    });
    const removed = await setRoles(u.id, ['probation-faker']);
    expect(removed.json()).toMatchObject({
      roles: ['probation-faker'],
      displayedRole: 'probation-faker',
    });

    const banned = await createUser(t, { roles: ['member', 'banned'] });
    const res = await setRoles(banned.id, ['advanced-ai-artist']);
    expect(res.json()).toMatchObject({
      roles: ['advanced-ai-artist', 'banned'],
      displayedRole: 'banned',
    });
  });

  it('gives access to a pending user (pending goes) and the same roles again change nothing', async () => {
    const u = await createUser(t);
    expect((await setRoles(u.id, ['member'])).json()).toMatchObject({
      roles: ['member'],
      displayedRole: 'member',
    });
    const row = await userRow(t, u.id);
    const logged = await newModLogRows(t, () => setRoles(u.id, ['member']));
    expect(logged).toHaveLength(0);
    expect((await userRow(t, u.id)).claimsModifiedAt).toEqual(row.claimsModifiedAt);
  });

  it('refuses invalid sets and changes nothing', async () => {
    const u = await createUser(t, { roles: ['probation-writer'] });
    const before = await userRow(t, u.id);
    const cases: [unknown, string][] = [
      [[], 'errors.moderation.rolesEmpty'],
      [['probation-writer', 'advanced-writer'], 'errors.moderation.rolesConflict'],
      [['banned'], 'errors.invalid'],
      [['pending'], 'errors.invalid'],
      ['member', 'errors.moderation.rolesEmpty'],
    ];
    for (const [roles, code] of cases) {
      const res = await setRoles(u.id, roles);
      expect(res.statusCode, JSON.stringify(roles)).toBe(400);
      expect(
        res.json().error.fields.roles ?? res.json().error.fields['roles.0'],
        JSON.stringify(roles),
      ).toBe(code);
    }
    expect(await userRow(t, u.id)).toEqual(before);
    expect((await setRoles('nobody', ['member'])).statusCode).toBe(404);
  });

  it('a moderator cannot remove their own moderator role', async () => {
    const other = await createModerator(t);
    const res = await setRoles(other.id, ['member'], other.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.moderation.cannotRemoveOwnModerator');
    expect((await userRow(t, other.id)).roles).toEqual(['moderator']);
    // Adding a role to oneself is fine; another moderator may remove it.
    expect((await setRoles(other.id, ['moderator', 'member'], other.cookie)).statusCode).toBe(200);
    expect((await setRoles(other.id, ['member'])).json()).toMatchObject({ roles: ['member'] });
  });

  it('resets the displayed role to the first role, with its mod-log row and user.changed', async () => {
    const u = await createWriterShownAsMember(t);
    const before = await userRow(t, u.id);
    const eventsBefore = (await userChangedEvents(t, u.id)).length;
    let res!: Awaited<ReturnType<typeof resetDisplayed>>;
    const logged = await newModLogRows(t, async () => {
      res = await resetDisplayed(u.id);
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ displayedRole: 'probation-writer' });
    const after = await userRow(t, u.id);
    expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(before.claimsModifiedAt.getTime());
    expect((await userChangedEvents(t, u.id)).length).toBe(eventsBefore + 1);
    expect(logged).toMatchObject([
      {
        action: 'displayedRoleReset',
        data: { oldDisplayedRole: 'member', newDisplayedRole: 'probation-writer' },
      },
    ]);
    // Already the default: nothing changes.
    expect(await newModLogRows(t, () => resetDisplayed(u.id))).toHaveLength(0);
  });

  it('ban and unban from a profile: one mod-log row each, claims move, unban restores access', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const ban = await newModLogRows(t, () =>
      requestAs(t, mod, `POST /api/users/${u.id}/ban`, { reason: 'Harassment in comments' }),
    );
    expect(ban).toMatchObject([
      { action: 'userBanned', subjectUserId: u.id, reason: 'Harassment in comments' },
    ]);
    expect(
      (await request(t, { method: 'GET', url: '/api/sections', cookie: u.cookie })).statusCode,
    ).toBe(403);
    const bannedAt = (await userRow(t, u.id)).claimsModifiedAt;
    const unban = await newModLogRows(t, () =>
      request(t, { method: 'POST', url: `/api/users/${u.id}/unban`, cookie: mod.cookie }),
    );
    expect(unban).toMatchObject([{ action: 'userUnbanned', subjectUserId: u.id }]);
    const after = await userRow(t, u.id);
    expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(bannedAt.getTime());
    expect(after).toMatchObject({ roles: ['member'], displayedRole: 'member', banReason: null });
    expect(
      (await request(t, { method: 'GET', url: '/api/sections', cookie: u.cookie })).statusCode,
    ).toBe(200);
    expect((await userChangedEvents(t, u.id)).length).toBe(2);
  });

  it('application decisions write the mod log and record user.changed', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const apply = async (u: TestUser, requestedType: string) => {
      const payload = { requestedType, aboutYou: 'x', whyJoin: 'y', links: [] };
      return (await requestAs(t, u, 'POST /api/applications', payload)).json<{ id: string }>();
    };
    const appA = await apply(a, 'writer');
    const appB = await apply(b, 'none');
    const approved = await newModLogRows(t, () =>
      requestAs(t, mod, `POST /api/applications/${appA.id}/approve`, {
        grantedRole: 'probation-writer',
      }),
    );
    expect(approved).toMatchObject([
      {
        action: 'applicationApproved',
        targetType: 'application',
        targetId: appA.id,
        subjectUserId: a.id,
        data: { grantedRole: 'probation-writer', newRoles: ['probation-writer'] },
      },
    ]);
    const rejected = await newModLogRows(t, () =>
      requestAs(t, mod, `POST /api/applications/${appB.id}/reject`, {
        note: 'Show us some work first.',
      }),
    );
    expect(rejected).toMatchObject([
      { action: 'applicationRejected', subjectUserId: b.id, reason: 'Show us some work first.' },
    ]);
    expect(await userChangedEvents(t, a.id)).toHaveLength(1);
    expect(await userChangedEvents(t, b.id)).toHaveLength(1);
  });
});
