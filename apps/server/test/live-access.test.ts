/**
 * Live for users without access (issue 11): a pending, rejected or banned user keeps a *limited*
 * socket, in its own user's room only. Approval, rejection, ban and unban reach it as
 * `me:changed`; after a change of access the socket of the wrong kind is closed (the tab opens the
 * right one). A limited socket hears nothing else: no data rooms, no presence, no other user's
 * notifications, no post watching, and it cannot join any room by itself.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../src/db/schema/index.ts';
import { useSockets, useUsers, useWritersApp } from './context.ts';
import { applicationInput, createUser, request, type TestUser, send } from './factories.ts';
import { newPost } from './post-factories.ts';
import { greetingOf, next, watch, type ClientSocket } from './live-sockets.ts';

describe('live: limited sockets of users without access', () => {
  const t = useWritersApp();
  const kit = useSockets(t);
  const { alice, mod } = useUsers(t, { alice: ['member'], mod: ['moderator'] });

  const apply = async (u: TestUser) => {
    const res = await send(t, u, 'POST /api/applications', applicationInput(), 201);
    return res.json<{ id: string }>().id;
  };
  const decide = async (id: string, action: 'approve' | 'reject', payload: object) => {
    const res = await request(t, {
      method: 'POST',
      url: `/api/applications/${id}/${action}`,
      cookie: mod.cookie,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const ban = async (u: TestUser) => {
    await send(t, mod, `POST /api/users/${u.id}/ban`, { reason: 'Spam' }, 204);
  };
  const unban = async (u: TestUser) => {
    await send(t, mod, `POST /api/users/${u.id}/unban`, undefined, 204);
  };
  const claimsOf = async (u: TestUser) => {
    const res = await send(t, u, 'GET /api/session', undefined, 200);
    return res.json<{ user: { claimsModifiedTimestamp: string } }>().user.claimsModifiedTimestamp;
  };
  /** Every event the socket receives from now on, in order. */
  const everything = (socket: ClientSocket) => {
    const seen: string[] = [];
    socket.onAny((event: string) => seen.push(event));
    return seen;
  };
  const closed = (socket: ClientSocket) =>
    new Promise<string>((resolve) => socket.once('disconnect', resolve));

  it('approval reaches a pending tab as me:changed, then closes it; the next socket has access', async () => {
    const applicant = await createUser(t);
    const id = await apply(applicant);
    const tab = await kit.open(applicant.cookie);
    const seen = everything(tab);
    const heard = next(tab, 'me:changed');
    const close = closed(tab);
    await decide(id, 'approve', { grantedRole: 'member' });
    expect(await heard).toHaveProperty('claimsModifiedTimestamp');
    expect(await close).toBe('io server disconnect');
    expect(seen).toEqual(['me:changed']);
    // Now a full socket: it may watch a post.
    const full = await kit.open(applicant.cookie);
    expect(await watch(full, (await newPost(t, alice)).id)).toEqual({ ok: true });
  });

  it('greets each socket with the claims as they are now: a ban before it connected is not missed', async () => {
    const dora = await createUser(t, { roles: ['member'] });
    const before = await kit.open(dora.cookie);
    const loaded = greetingOf(before);
    expect(loaded).toBe(await claimsOf(dora));
    before.disconnect();
    // Banned while the tab was between its /api/me and its socket: the socket opens limited, and
    // its greeting is newer than the user the tab holds, so the tab refetches it.
    await ban(dora);
    const after = await kit.open(dora.cookie);
    expect(greetingOf(after)).toBe(await claimsOf(dora));
    expect(Date.parse(greetingOf(after) ?? '')).toBeGreaterThan(Date.parse(loaded ?? ''));
    expect(await watch(after, (await newPost(t, alice)).id)).toMatchObject({ ok: false });
  });

  it('rejection reaches the tab as me:changed and the socket stays (still without access)', async () => {
    const applicant = await createUser(t);
    const id = await apply(applicant);
    const tab = await kit.open(applicant.cookie);
    const heard = next(tab, 'me:changed');
    await decide(id, 'reject', { note: 'Not yet: show us more of your work.' });
    await heard;
    // Sent after the rejection: had the socket been closed, this would never arrive.
    const again = next(tab, 'me:changed');
    await ban(applicant);
    await again;
    expect(tab.connected).toBe(true);
  });

  it('unban reaches a banned tab as me:changed, then closes it; a ban leaves a limited socket open', async () => {
    const carol = await createUser(t, { roles: ['member', 'banned'] });
    const tab = await kit.open(carol.cookie);
    expect(await watch(tab, (await newPost(t, alice)).id)).toEqual({
      ok: false,
      error: 'errors.noAccess',
    });
    const heard = next(tab, 'me:changed');
    const close = closed(tab);
    await unban(carol);
    await heard;
    expect(await close).toBe('io server disconnect');

    const full = await kit.open(carol.cookie);
    const fullClosed = closed(full);
    const limitedHeard = next(full, 'me:changed');
    await ban(carol);
    await limitedHeard;
    expect(await fullClosed).toBe('io server disconnect');
    const limited = await kit.open(carol.cookie);
    const unbanned = next(limited, 'me:changed');
    await unban(carol);
    await unbanned;
  });

  it('a limited socket hears nothing but its own user: no data rooms, presence or others’ notifications', async () => {
    const pending = await createUser(t);
    const banned = await createUser(t, { roles: ['member', 'banned'] });
    const [pendingTab, bannedTab] = await Promise.all([
      kit.open(pending.cookie),
      kit.open(banned.cookie),
    ]);
    const pendingSeen = everything(pendingTab);
    const bannedSeen = everything(bannedTab);
    // Whatever they ask, they join nothing.
    for (const tab of [pendingTab, bannedTab]) {
      tab.emit('presence:watch', [alice.id, mod.id]);
      const untyped = tab as unknown as { emit: (event: string, ...args: unknown[]) => void };
      untyped.emit('join', `user:${alice.id}`);
      untyped.emit('join', 'home');
      untyped.emit('subscribe', { room: 'status-updates' });
    }
    const postId = (await newPost(t, alice)).id;
    expect(await watch(pendingTab, postId)).toEqual({ ok: false, error: 'errors.noAccess' });

    // A member's socket hears all this: presence, home, a notification.
    const member = await kit.open(mod.cookie);
    member.emit('presence:watch', [alice.id]);
    const aliceOnline = next(member, 'presence:changed', (p) => p.userId === alice.id && p.online);
    const aliceTab = await kit.open(alice.cookie);
    await aliceOnline;
    const notified = next(aliceTab, 'notification:new');
    const homeChanged = next(member, 'home:changed');
    await send(t, mod, `POST /api/posts/${postId}/comments`, { body: 'Lovely' }, 201);
    await Promise.all([notified, homeChanged]);

    // The limited users are not shown online.
    const [row] = await t.database.db
      .select({ online: user.online })
      .from(user)
      .where(eq(user.id, pending.id));
    expect(row?.online).toBe(false);

    // A message to each of them comes after everything above: before it, they heard nothing.
    const pendingLast = next(pendingTab, 'me:changed');
    const bannedLast = next(bannedTab, 'me:changed');
    await ban(pending);
    await unban(banned);
    await Promise.all([pendingLast, bannedLast]);
    expect(pendingSeen).toEqual(['me:changed']);
    expect(bannedSeen).toEqual(['me:changed']);
  });
});
