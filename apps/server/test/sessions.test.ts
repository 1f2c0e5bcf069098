/**
 * Sessions end everywhere (issue 9): a session that ends closes its sockets at once — sign-out,
 * revoke-session, revoke-other-sessions, change-password with revokeOtherSessions, password reset —
 * while the user's other sessions keep theirs; a socket does not outlive its session's expiry.
 * Mailed links are single-use and a newer one voids the older ones: reset links and e-mail
 * verification links (and a change-email token, a flow not offered, is refused).
 */
import { eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import { describe, expect, it, vi } from 'vitest';
import { session, user, verification } from '../src/db/schema/index.ts';
import {
  cookieFrom,
  createUser,
  lastLink,
  registerUser,
  request,
  send,
  signIn,
  tokenOf,
  userRow,
} from './factories.ts';
import { useAuthApp, useSockets } from './context.ts';
import { type ClientSocket } from './live-sockets.ts';

const NEW_PASSWORD = 'a brand new passphrase for atelier';

/** The bound: a socket is closed within a second of the session's end. */
const CLOSE_WITHIN_MS = 1_000;

/**
 * Watches `socket` from now on for its close. `within(ms)` resolves with the disconnect reason, or
 * rejects if the socket is still open `ms` after that call: the clock starts once the action that
 * ends the session has answered, so a slow request on a busy machine (hashing a password) does not
 * count against the bound, while a close during the request counts as in time.
 */
function watchClose(socket: ClientSocket): { within: (ms?: number) => Promise<string> } {
  const closed = new Promise<string>((resolve) => {
    if (!socket.connected) resolve('already closed');
    else socket.once('disconnect', (reason) => resolve(reason));
  });
  return {
    within: (ms = CLOSE_WITHIN_MS) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
      });
      return Promise.race([closed, late]).finally(() => clearTimeout(timer));
    },
  };
}

/** Resolves with the disconnect reason; rejects if the socket is still open after `ms`. */
function closedWithin(socket: ClientSocket, ms = CLOSE_WITHIN_MS): Promise<string> {
  return watchClose(socket).within(ms);
}

/** True when the server still answers on this socket (a post:watch round trip). */
async function alive(socket: ClientSocket): Promise<boolean> {
  if (!socket.connected) return false;
  try {
    await socket.timeout(5_000).emitWithAck('post:watch', '00000000-0000-0000-0000-000000000000');
  } catch {
    return false;
  }
  return socket.connected;
}

/** The session token inside a cookie header (`…session_token=<token>.<signature>`). */
function sessionTokenOf(cookie: string): string {
  const value = /session_token=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error('no session cookie');
  return decodeURIComponent(value).split('.')[0]!;
}

describe('sessions end everywhere: sockets', () => {
  const t = useAuthApp();
  const kit = useSockets(t);

  /** A member signed in twice (two sessions), a socket on each. */
  const twoSessions = async () => {
    const u = await createUser(t, { roles: ['member'] });
    const other = await signIn(t, u.email, u.password);
    const [first, second] = await Promise.all([kit.open(u.cookie), kit.open(other)]);
    return { u, cookies: [u.cookie, other] as const, sockets: [first, second] as const };
  };

  it("sign-out closes that session's socket; another session's socket stays open", async () => {
    const { u, sockets } = await twoSessions();
    const closing = watchClose(sockets[0]);
    const out = await request(t, {
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: u.cookie,
      payload: {},
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await closing.within()).toBe('io server disconnect');
    expect(await alive(sockets[1])).toBe(true);
    await expect(kit.open(u.cookie)).rejects.toThrow('errors.unauthorized');
  });

  it('revoke-session closes the revoked session’s socket only', async () => {
    const { u, cookies, sockets } = await twoSessions();
    const closing = watchClose(sockets[1]);
    const res = await request(t, {
      method: 'POST',
      url: '/api/auth/revoke-session',
      cookie: u.cookie,
      payload: { token: sessionTokenOf(cookies[1]) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closing.within()).toBe('io server disconnect');
    expect(await alive(sockets[0])).toBe(true);
  });

  it('revoke-other-sessions closes the other sessions’ sockets, not the current one', async () => {
    const { u, sockets } = await twoSessions();
    const third = await kit.open(await signIn(t, u.email, u.password));
    const closing = [watchClose(sockets[1]), watchClose(third)];
    await send(t, u, 'POST /api/auth/revoke-other-sessions', {}, 200);
    expect(await Promise.all(closing.map((c) => c.within()))).toEqual([
      'io server disconnect',
      'io server disconnect',
    ]);
    expect(await alive(sockets[0])).toBe(true);
  });

  it('revoke-sessions closes every socket of the user', async () => {
    const { u, sockets } = await twoSessions();
    const closing = sockets.map((s) => watchClose(s));
    await send(t, u, 'POST /api/auth/revoke-sessions', {}, 200);
    expect(await Promise.all(closing.map((c) => c.within()))).toEqual([
      'io server disconnect',
      'io server disconnect',
    ]);
  });

  it('change-password with revokeOtherSessions closes the other sessions’ sockets', async () => {
    const { u, cookies, sockets } = await twoSessions();
    const bystander = await createUser(t, { roles: ['member'] });
    const untouched = await kit.open(bystander.cookie);
    // The other session's socket closes; so does the current one's: its session was replaced by
    // a new one (whose cookie comes back), and the old session is gone.
    const closing = sockets.map((s) => watchClose(s));
    const res = await request(t, {
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: cookies[0],
      payload: {
        currentPassword: u.password,
        newPassword: NEW_PASSWORD,
        revokeOtherSessions: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all(closing.map((c) => c.within()))).toEqual([
      'io server disconnect',
      'io server disconnect',
    ]);
    const renewed = await kit.open(cookieFrom(res, cookies[0]));
    expect(await alive(renewed)).toBe(true);
    expect(await alive(untouched)).toBe(true);
  });

  it('a password reset closes every socket of the user', async () => {
    const { u, sockets } = await twoSessions();
    const asked = await request(t, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: u.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const closing = sockets.map((s) => watchClose(s));
    const reset = await request(t, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenOf(lastLink(t, u.email, 'resetPassword')), newPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await Promise.all(closing.map((c) => c.within()))).toEqual([
      'io server disconnect',
      'io server disconnect',
    ]);
  });

  it('a socket is closed when its session expires', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const other = await signIn(t, u.email, u.password);
    // The session ends in a moment (a socket does not extend it).
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 1_500) })
      .where(eq(session.token, sessionTokenOf(u.cookie)));
    const [expiring, kept] = await Promise.all([kit.open(u.cookie), kit.open(other)]);
    expect(await closedWithin(expiring, 10_000)).toBe('io server disconnect');
    expect(await alive(kept)).toBe(true);
  });
});

describe('single-use links', () => {
  const t = useAuthApp();

  const requestReset = async (email: string) => {
    const res = await request(t, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
    });
    expect(res.statusCode, res.body).toBe(200);
    return tokenOf(lastLink(t, email, 'resetPassword'));
  };
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    request(t, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
    });
  const verify = (token: string, cookie?: string) =>
    request(t, {
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      ...(cookie ? { cookie } : {}),
    });

  it('a new reset link voids the older one', async () => {
    const u = await registerUser(t);
    const older = await requestReset(u.email);
    const newer = await requestReset(u.email);
    expect(newer).not.toBe(older);
    const refused = await reset(older);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('errors.auth.INVALID_TOKEN');
    const used = await reset(newer);
    expect(used.statusCode, used.body).toBe(200);
    expect((await reset(newer, 'yet another long passphrase')).statusCode).toBe(400);
    await signIn(t, u.email, NEW_PASSWORD);
  });

  it('using a reset link voids every other reset link of the user', async () => {
    const u = await registerUser(t);
    const someoneElse = await registerUser(t);
    const theirs = await requestReset(someoneElse.email);
    const link = await requestReset(u.email);
    // A link issued earlier and still stored (e.g. before this rule existed).
    await t.database.db.insert(verification).values({
      id: 'legacy-reset-row',
      identifier: 'reset-password:legacy-reset-token',
      value: u.id,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    expect((await reset(link)).statusCode).toBe(200);
    const refused = await reset('legacy-reset-token', 'yet another long passphrase');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('errors.auth.INVALID_TOKEN');
    // Another user's link is not touched.
    expect((await reset(theirs)).statusCode).toBe(200);
  });

  it('a verification link works once', async () => {
    const u = await registerUser(t);
    const token = tokenOf(lastLink(t, u.email, 'verifyEmail'));
    const first = await verify(token);
    expect(first.statusCode, first.body).toBe(200);
    expect((await userRow(t, u.id)).emailVerified).toBe(true);
    const again = await verify(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('errors.auth.INVALID_TOKEN');
    // No session comes with the refused use.
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('a new verification link voids the older one', async () => {
    const u = await registerUser(t);
    const older = tokenOf(lastLink(t, u.email, 'verifyEmail'));
    // A link is a JWT with a 1 s issued-at: the same second would mail the very same link.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2_000);
    const resent = await request(t, {
      method: 'POST',
      url: '/api/auth/send-verification-email',
      cookie: u.cookie,
      payload: { email: u.email },
    });
    vi.useRealTimers();
    expect(resent.statusCode, resent.body).toBe(200);
    const newer = tokenOf(lastLink(t, u.email, 'verifyEmail'));
    expect(newer).not.toBe(older);
    const refused = await verify(older, u.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('errors.auth.INVALID_TOKEN');
    expect((await userRow(t, u.id)).emailVerified).toBe(false);
    expect((await verify(newer, u.cookie)).statusCode).toBe(200);
    expect((await userRow(t, u.id)).emailVerified).toBe(true);
  });

  it('refuses a change-email token: that flow is not offered and no such link was mailed', async () => {
    const u = await createUser(t);
    const token = await createEmailVerificationToken(
      t.config.authSecret,
      u.email,
      'someone-else@example.com',
      3600,
      { userId: u.id, requestType: 'change-email-verification' },
    );
    const res = await verify(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('errors.auth.INVALID_TOKEN');
    const [row] = await t.database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, u.id));
    expect(row?.email).toBe(u.email.toLowerCase());
  });
});
