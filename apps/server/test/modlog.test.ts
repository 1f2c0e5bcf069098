/**
 * The mod log page's API: entries with who, when, what, why and the subject; filters by action,
 * moderator, subject and dates; cursor pagination. Tag changes are logged. Accounts sharing a
 * visitor id with a user.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ModLogEntry, Page, SharedVisitorAccount } from '@atelier/shared';
import { modLog, visitorChecks } from '../src/db/schema/index.ts';
import { useAuthApp, useUsers } from './context.ts';
import { createUser, request, requestAs, type TestUser, send } from './factories.ts';
import { newModLogRows } from './moderation-helpers.ts';

describe('mod log', () => {
  const t = useAuthApp();
  const { mod, mod2, target } = useUsers(t, {
    mod: ['moderator'],
    mod2: ['moderator'],
    target: ['member'],
  });

  const log = (query = '') =>
    request(t, { method: 'GET', url: `/api/mod-log${query}`, cookie: mod.cookie });

  it('tag create, edit and delete by a moderator write one row each; an advanced creator’s tag is not logged', async () => {
    let id = '';
    const created = await newModLogRows(t, async () => {
      const res = await send(
        t,
        mod,
        'POST /api/tags',
        { labels: { en: 'Collage' }, type: 'general', parents: [] },
        201,
      );
      id = res.json<{ id: string }>().id;
    });
    expect(created).toMatchObject([
      {
        action: 'tagCreated',
        targetType: 'tag',
        targetId: id,
        moderatorId: mod.id,
        data: { labels: { en: 'Collage' } },
      },
    ]);
    const updated = await newModLogRows(t, () =>
      request(t, {
        method: 'PATCH',
        url: `/api/tags/${id}`,
        cookie: mod2.cookie,
        payload: { labels: { en: 'Collages', fr: 'Collages' } },
      }),
    );
    expect(updated).toMatchObject([
      {
        action: 'tagUpdated',
        targetId: id,
        moderatorId: mod2.id,
        data: {
          old: { labels: { en: 'Collage' } },
          changes: { labels: { en: 'Collages', fr: 'Collages' } },
        },
      },
    ]);
    const deleted = await newModLogRows(t, () =>
      request(t, { method: 'DELETE', url: `/api/tags/${id}`, cookie: mod.cookie }),
    );
    expect(deleted).toMatchObject([
      { action: 'tagDeleted', targetId: id, data: { labels: { en: 'Collages' } } },
    ]);
    const advanced = await createUser(t, { roles: ['advanced-writer'] });
    const byCreator = await newModLogRows(t, () =>
      request(t, {
        method: 'POST',
        url: '/api/tags',
        cookie: advanced.cookie,
        payload: { labels: { en: 'Sonnet' }, type: 'writer', parents: [] },
      }),
    );
    expect(byCreator).toHaveLength(0);
  });

  it('lists entries newest first with the moderator and the subject, and filters them', async () => {
    const note = { body: 'Keep an eye on this one.' };
    await requestAs(t, mod, `POST /api/users/${target.id}/notes`, note);
    await requestAs(t, mod2, `POST /api/users/${target.id}/ban`, { reason: 'Spam' });
    await requestAs(t, mod, `POST /api/users/${target.id}/unban`);

    const all = (await log()).json<Page<ModLogEntry>>();
    expect(all.items.slice(0, 3).map((e) => e.action)).toEqual([
      'userUnbanned',
      'userBanned',
      'noteAdded',
    ]);
    expect(all.items[1]).toMatchObject({
      action: 'userBanned',
      moderator: { id: mod2.id, username: mod2.username },
      subject: { id: target.id, username: target.username },
      targetType: 'user',
      targetId: target.id,
      reason: 'Spam',
    });
    expect(Date.parse(all.items[1]!.createdAt)).not.toBeNaN();

    const byAction = (await log('?action=userBanned')).json<Page<ModLogEntry>>();
    expect(byAction.items.map((e) => e.action)).toEqual(['userBanned']);
    const byModerator = (
      await log(`?moderator=${encodeURIComponent(mod2.username.toUpperCase())}`)
    ).json<Page<ModLogEntry>>();
    expect(byModerator.items.every((e) => e.moderator?.id === mod2.id)).toBe(true);
    expect(byModerator.items.map((e) => e.action)).toEqual(['userBanned', 'tagUpdated']);
    const bySubject = (await log(`?subject=${target.id}`)).json<Page<ModLogEntry>>();
    expect(bySubject.items.map((e) => e.action)).toEqual([
      'userUnbanned',
      'userBanned',
      'noteAdded',
    ]);
    const combined = (await log(`?subject=${target.username}&moderator=${mod.id}`)).json<
      Page<ModLogEntry>
    >();
    expect(combined.items.map((e) => e.action)).toEqual(['userUnbanned', 'noteAdded']);
    expect((await log('?moderator=nobody-at-all')).json<Page<ModLogEntry>>().items).toEqual([]);
  });

  it('filters by date range (a bare date covers its whole day) and pages with a cursor', async () => {
    const rows = await t.database.db.select({ id: modLog.id }).from(modLog);
    // Move two entries into the past.
    await t.database.db
      .update(modLog)
      .set({ createdAt: new Date('2026-01-10T12:00:00Z') })
      .where(eq(modLog.id, rows[0]!.id));
    await t.database.db
      .update(modLog)
      .set({ createdAt: new Date('2026-01-11T23:30:00Z') })
      .where(eq(modLog.id, rows[1]!.id));
    const day = (await log('?from=2026-01-10&to=2026-01-10')).json<Page<ModLogEntry>>();
    expect(day.items.map((e) => e.id)).toEqual([rows[0]!.id]);
    const twoDays = (await log('?from=2026-01-10&to=2026-01-11')).json<Page<ModLogEntry>>();
    expect(twoDays.items.map((e) => e.id)).toEqual([rows[1]!.id, rows[0]!.id]);
    const since = (await log('?from=2026-01-11T00:00:00Z')).json<Page<ModLogEntry>>();
    expect(since.items.map((e) => e.id)).not.toContain(rows[0]!.id);

    const bad = await log('?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ from: 'errors.moderation.dateInvalid' });
    const reversed = await log('?from=2026-02-01&to=2026-01-01');
    expect(reversed.json().error.fields).toEqual({ to: 'errors.moderation.dateRange' });
    expect((await log('?action=somethingElse')).statusCode).toBe(400);

    const total = rows.length;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<ModLogEntry> = (
        await log(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('shows the other accounts that share a visitor id, with whether they are banned', async () => {
    const a = await createUser(t, { roles: ['member'] });
    const b = await createUser(t, { roles: ['member', 'banned'] });
    const c = await createUser(t, { roles: ['member'] });
    const lonely = await createUser(t, { roles: ['member'] });
    const put = (u: TestUser, visitor: string) =>
      request(t, { method: 'PUT', url: `/api/auth/verify/${visitor}`, cookie: u.cookie });
    await put(a, 'browser-1');
    await put(b, 'browser-1');
    await put(a, 'browser-2');
    await put(b, 'browser-2');
    await put(c, 'browser-2');
    await put(lonely, 'browser-9');
    const old = new Date('2026-03-01T10:00:00Z');
    await t.database.db
      .update(visitorChecks)
      .set({ lastSeenAt: old })
      .where(eq(visitorChecks.userId, c.id));

    const res = await send(t, mod, `GET /api/users/${a.id}/shared-visitors`, undefined, 200);
    const list = res.json<SharedVisitorAccount[]>();
    expect(list.map((x) => [x.user.id, x.isBanned, x.sharedVisitorIds])).toEqual([
      [b.id, true, 2],
      [c.id, false, 1],
    ]);
    expect(list[1]!.lastSeenTogether).toBe(old.toISOString());
    expect(
      (
        await request(t, {
          method: 'GET',
          url: `/api/users/${lonely.id}/shared-visitors`,
          cookie: mod.cookie,
        })
      ).json(),
    ).toEqual([]);
    expect(
      (
        await request(t, {
          method: 'GET',
          url: '/api/users/nobody/shared-visitors',
          cookie: mod.cookie,
        })
      ).statusCode,
    ).toBe(404);
  });
});
