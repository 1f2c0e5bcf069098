import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verification } from '../src/db/schema/index.ts';
import { useAuthApp } from './context.ts';
import {
  PASSWORD,
  createUser,
  lastLink,
  mailsTo,
  registerUser,
  request,
  signIn,
  tokenOf,
  send,
} from './factories.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('password reset and change', () => {
  const t = useAuthApp();

  const requestReset = (email: string) =>
    request(t, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });

  it('resets a password end to end from the mailed link and ends the old sessions', async () => {
    const u = await createUser(t, { language: 'ko' });
    const res = await requestReset(u.email);
    expect(res.statusCode).toBe(200);
    const mail = mailsTo(t, u.email).at(-1);
    expect(mail?.subject).toBe('Atelier 비밀번호 재설정');
    const link = lastLink(t, u.email, 'resetPassword');
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.baseUrl}/auth`);

    await send(
      t,
      null,
      'POST /api/auth/reset-password',
      { token: tokenOf(link), newPassword: NEW_PASSWORD },
      200,
    );

    const old = await request(t, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: PASSWORD },
    });
    expect(old.json().error.code).toBe('errors.auth.INVALID_EMAIL_OR_PASSWORD');
    const cookie = await signIn(t, u.email, NEW_PASSWORD);
    expect((await request(t, { method: 'GET', url: '/api/me', cookie })).statusCode).toBe(200);
    // The session from before the reset is gone.
    expect((await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).statusCode).toBe(
      401,
    );

    // A used link does not work twice.
    const again = await send(
      t,
      null,
      'POST /api/auth/reset-password',
      { token: tokenOf(link), newPassword: 'yet another passphrase' },
      400,
    );
    expect(again.json().error.code).toBe('errors.auth.INVALID_TOKEN');
  });

  it('answers 200 for an unknown address and sends nothing (no account enumeration)', async () => {
    const res = await requestReset('nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(mailsTo(t, 'nobody-here@example.com')).toHaveLength(0);
  });

  it('refuses an invalid reset token', async () => {
    const res = await send(
      t,
      null,
      'POST /api/auth/reset-password',
      { token: 'made-up-token', newPassword: NEW_PASSWORD },
      400,
    );
    expect(res.json().error.code).toBe('errors.auth.INVALID_TOKEN');
  });

  it('refuses an expired reset token', async () => {
    const u = await registerUser(t);
    await requestReset(u.email);
    const token = tokenOf(lastLink(t, u.email, 'resetPassword'));
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const res = await send(
      t,
      null,
      'POST /api/auth/reset-password',
      { token, newPassword: NEW_PASSWORD },
      400,
    );
    expect(res.json().error.code).toBe('errors.auth.INVALID_TOKEN');
    await signIn(t, u.email, PASSWORD);
  });

  it('refuses a too short new password', async () => {
    const u = await registerUser(t);
    await requestReset(u.email);
    const token = tokenOf(lastLink(t, u.email, 'resetPassword'));
    const res = await send(
      t,
      null,
      'POST /api/auth/reset-password',
      { token, newPassword: 'short' },
      400,
    );
    expect(res.json().error.code).toBe('errors.auth.PASSWORD_TOO_SHORT');
  });

  it('changes the password of a signed-in user who knows the current one', async () => {
    const u = await registerUser(t);
    const wrong = await send(
      t,
      u,
      'POST /api/auth/change-password',
      { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
      400,
    );
    expect(wrong.json().error.code).toBe('errors.auth.INVALID_PASSWORD');
    await send(
      t,
      u,
      'POST /api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      200,
    );
    await signIn(t, u.email, NEW_PASSWORD);
  });
});

describe('auth rate limits', () => {
  const three = [{ max: 3, windowSeconds: 60 }];
  const t = useAuthApp({ RATE_LIMITS: { signInIp: three, mailIp: three, signUpIp: three } });

  it('limits sign-in per IP and answers 429 errors.rateLimited', async () => {
    const signInFrom = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        headers: { origin: t.config.baseUrl },
        payload: { email: 'someone@example.com', password: 'whatever it is' },
      });
    for (let i = 0; i < 3; i++) expect((await signInFrom('192.0.2.10')).statusCode).toBe(401);
    const limited = await signInFrom('192.0.2.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('errors.rateLimited');
    // Another address is not affected.
    expect((await signInFrom('192.0.2.11')).statusCode).toBe(401);
  });

  it('limits password reset requests per IP', async () => {
    const resetFrom = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: '192.0.2.20',
        headers: { origin: t.config.baseUrl },
        payload: { email: 'someone@example.com' },
      });
    for (let i = 0; i < 3; i++) expect((await resetFrom()).statusCode).toBe(200);
    const limited = await resetFrom();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('errors.rateLimited');
  });

  it('limits registration per IP', async () => {
    const registerFrom = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '192.0.2.30',
        headers: { origin: t.config.baseUrl },
        payload: { username: `limited${n}`, email: `limited${n}@example.com`, password: PASSWORD },
      });
    for (let i = 0; i < 3; i++) expect((await registerFrom(i)).statusCode).toBe(201);
    const limited = await registerFrom(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('errors.rateLimited');
  });
});
