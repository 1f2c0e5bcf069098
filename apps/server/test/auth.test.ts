import { count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../src/db/schema/index.ts';
import { useAuthApp } from './context.ts';
import {
  PASSWORD,
  cookieFrom,
  lastLink,
  mailsTo,
  registerUser,
  request,
  signIn,
  tokenOf,
  uniqueName,
  userRow,
  verifyEmail,
  send,
} from './factories.ts';

const ADMIN = 'Boss@Example.com';

describe('registration, verification and sign-in', () => {
  const t = useAuthApp({ ADMIN_EMAILS: [ADMIN] });
  afterEach(() => {
    vi.useRealTimers();
  });

  const userCount = async () => (await t.database.db.select({ n: count() }).from(user))[0]?.n ?? 0;

  it('registers, signs the user in unverified, and mails a verification link in their language', async () => {
    const u = await registerUser(t, { language: 'fr' });
    expect(u.cookie).toMatch(/session_token=/);

    const me = await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: u.id,
      username: u.username,
      email: u.email,
      emailVerified: false,
      roles: ['pending'],
      language: 'fr',
    });

    const [mail] = mailsTo(t, u.email);
    expect(mail?.file).toMatch(/\/mail\/\d+-.+\.eml$/);
    expect(mail?.subject).toBe('Confirmez votre adresse e-mail pour Atelier');
    expect(mail?.text).toContain(`Bonjour ${u.username},`);
    const link = lastLink(t, u.email, 'verifyEmail');
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.baseUrl}/auth`);

    // Before verification: only the account routes.
    const sections = await request(t, { method: 'GET', url: '/api/sections', cookie: u.cookie });
    expect(sections.statusCode).toBe(403);
    expect(sections.json().error.code).toBe('errors.emailNotVerified');
  });

  it('verifies the address with the mailed token: role pending, claims moved, signed in', async () => {
    const u = await registerUser(t);
    const before = await userRow(t, u.id);
    const res = await verifyEmail(t, u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });

    const after = await userRow(t, u.id);
    expect(after.emailVerified).toBe(true);
    expect(after.roles).toEqual(['pending']);
    expect(after.displayedRole).toBe('pending');
    expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(before.claimsModifiedAt.getTime());

    const me = await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie });
    expect(me.json()).toMatchObject({ emailVerified: true, hasAccess: false, isModerator: false });
    // Verified without access: the application routes, not the member ones.
    expect(
      (await request(t, { method: 'GET', url: '/api/applications/mine', cookie: u.cookie }))
        .statusCode,
    ).toBe(200);
    const sections = await request(t, { method: 'GET', url: '/api/sections', cookie: u.cookie });
    expect(sections.json().error.code).toBe('errors.noAccess');
  });

  it('signs in an address without a session cookie through the link (auto sign-in)', async () => {
    const u = await registerUser(t);
    const token = tokenOf(lastLink(t, u.email, 'verifyEmail'));
    const res = await request(t, { method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res);
    const me = await request(t, { method: 'GET', url: '/api/me', cookie });
    expect(me.json()).toMatchObject({ id: u.id, emailVerified: true });
  });

  it('makes an address of ADMIN_EMAILS a moderator on verification (case-insensitive)', async () => {
    const u = await registerUser(t, { email: ADMIN.toUpperCase() });
    expect(u.email).toBe(ADMIN.toUpperCase());
    const stored = await userRow(t, u.id);
    expect(stored.email).toBe(ADMIN.toLowerCase());
    expect(stored.roles).toEqual(['pending']);
    await verifyEmail(t, { email: ADMIN.toLowerCase(), cookie: u.cookie });
    const me = await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie });
    expect(me.json()).toMatchObject({
      roles: ['moderator'],
      displayedRole: 'moderator',
      isModerator: true,
      hasAccess: true,
    });
    expect(
      (await request(t, { method: 'GET', url: '/api/applications', cookie: u.cookie })).statusCode,
    ).toBe(200);
  });

  it('refuses an invalid verification token', async () => {
    const u = await registerUser(t);
    const res = await send(t, u, 'GET /api/auth/verify-email?token=not-a-token', undefined, 401);
    expect(res.json().error.code).toBe('errors.auth.INVALID_TOKEN');
    // A token whose signature was tampered with.
    const token = tokenOf(lastLink(t, u.email, 'verifyEmail'));
    const tampered = `${token.slice(0, -4)}AAAA`;
    const res2 = await request(t, {
      method: 'GET',
      url: `/api/auth/verify-email?token=${tampered}`,
      cookie: u.cookie,
    });
    expect(res2.json().error.code).toBe('errors.auth.INVALID_TOKEN');
    expect((await userRow(t, u.id)).emailVerified).toBe(false);
  });

  it('refuses an expired verification token', async () => {
    const u = await registerUser(t);
    const token = tokenOf(lastLink(t, u.email, 'verifyEmail'));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    const res = await request(t, { method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    vi.useRealTimers();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('errors.auth.TOKEN_EXPIRED');
    expect((await userRow(t, u.id)).emailVerified).toBe(false);
  });

  it('resends the verification mail', async () => {
    const u = await registerUser(t, { language: 'es' });
    await send(t, u, 'POST /api/auth/send-verification-email', { email: u.email }, 200);
    const mails = mailsTo(t, u.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Confirma tu dirección de correo electrónico para Atelier');
  });

  it('refuses a taken username or e-mail, case-insensitively, and writes nothing', async () => {
    const u = await registerUser(t, { username: uniqueName('Taken') });
    const before = await userCount();
    const sameName = await send(
      t,
      null,
      'POST /api/register',
      {
        username: u.username.toUpperCase(),
        email: `${uniqueName()}@example.com`,
        password: PASSWORD,
      },
      409,
    );
    expect(sameName.json().error).toMatchObject({
      code: 'errors.usernameTaken',
      fields: { username: 'errors.usernameTaken' },
    });

    const sameEmail = await send(
      t,
      null,
      'POST /api/register',
      { username: uniqueName(), email: u.email.toUpperCase(), password: PASSWORD },
      409,
    );
    expect(sameEmail.json().error).toMatchObject({
      code: 'errors.emailTaken',
      fields: { email: 'errors.emailTaken' },
    });
    expect(sameEmail.headers['set-cookie']).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('validates the registration with field errors', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { username: 'ab', email: 'a@example.com', password: PASSWORD },
        { username: 'errors.usernameLength' },
      ],
      [
        { username: 'bad<name>', email: 'a@example.com', password: PASSWORD },
        { username: 'errors.usernameChars' },
      ],
      [
        { username: 'good name', email: 'not-an-email', password: PASSWORD },
        { email: 'errors.emailInvalid' },
      ],
      [
        { username: 'good name', email: 'a@example.com', password: 'short' },
        { password: 'errors.passwordShort' },
      ],
      [
        { username: 'good name', email: 'a@example.com', password: 'password123' },
        { password: 'errors.passwordCommon' },
      ],
      [
        { username: 'good name', email: 'a@example.com', password: 'QWERTYUIOP' },
        { password: 'errors.passwordCommon' },
      ],
      [
        { username: 'longusername', email: 'a@example.com', password: 'longusername' },
        { password: 'errors.passwordCommon' },
      ],
      [{ email: 'a@example.com', password: PASSWORD }, { username: 'errors.required' }],
      [
        { username: 'good name', email: 'a@example.com', password: PASSWORD, language: 'de' },
        { language: 'errors.languageInvalid' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await request(t, { method: 'POST', url: '/api/register', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('errors.validation');
      expect(res.json().error.fields).toMatchObject(fields);
    }
    expect(await userCount()).toBe(before);
  });

  it("does not expose Better Auth's own sign-up or profile update", async () => {
    const res = await send(
      t,
      null,
      'POST /api/auth/sign-up/email',
      { name: 'direct', email: 'direct@example.com', password: PASSWORD },
      404,
    );
    expect(res.json().error.code).toBe('errors.notFound');
    const u = await registerUser(t);
    await send(t, u, 'POST /api/auth/update-user', { name: 'x' }, 404);
  });

  it('signs in unverified users, refuses a wrong password with a translated code, signs out', async () => {
    const u = await registerUser(t);
    const wrong = await send(
      t,
      null,
      'POST /api/auth/sign-in/email',
      { email: u.email, password: 'not the password' },
      401,
    );
    expect(wrong.json().error.code).toBe('errors.auth.INVALID_EMAIL_OR_PASSWORD');

    const cookie = await signIn(t, u.email.toUpperCase(), u.password);
    expect((await request(t, { method: 'GET', url: '/api/me', cookie })).json()).toMatchObject({
      id: u.id,
      emailVerified: false,
    });

    const out = await request(t, {
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/session_token=;.*Max-Age=0/i);
    const me = await request(t, { method: 'GET', url: '/api/me', cookie });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('errors.unauthorized');
  });

  it('sets httpOnly SameSite=Lax session cookies and records the client IP', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '203.0.113.7',
      headers: { origin: t.config.baseUrl, 'x-forwarded-for': '198.51.100.1' },
      payload: { username: uniqueName(), email: `${uniqueName()}@example.com`, password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const sessions = await t.database.db.query.session.findMany();
    // The spoofed x-forwarded-for is replaced by the address Fastify saw (TRUST_PROXY is off).
    expect(sessions.some((s) => s.ipAddress === '203.0.113.7')).toBe(true);
    expect(sessions.some((s) => s.ipAddress === '198.51.100.1')).toBe(false);
  });

  it('refuses a cookie-authenticated auth POST without Origin', async () => {
    const u = await registerUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: u.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    // Refused by our Origin check of every write (Better Auth would refuse it too).
    expect(res.json().error.code).toBe('errors.badOrigin');
  });

  it('accepts Authorization: Bearer with the session token', async () => {
    const u = await registerUser(t);
    const res = await request(t, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: u.email, password: u.password },
    });
    const token = res.headers['set-auth-token'];
    expect(typeof token).toBe('string');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${String(token)}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(u.id);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer nonsense.value' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('never leaves a half-created user when a step of the sign-up fails', async () => {
    // Make the password account insert fail inside the database: the user row inserted just
    // before it in the same transaction must roll back.
    const db = t.database.db;
    await db.execute(
      sql`create function refuse_account() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    );
    await db.execute(
      sql`create trigger refuse_account before insert on account for each row execute function refuse_account()`,
    );
    const email = `${uniqueName('half')}@example.com`;
    try {
      const res = await request(t, {
        method: 'POST',
        url: '/api/register',
        payload: { username: uniqueName(), email, password: PASSWORD },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await db.execute(sql`drop trigger refuse_account on account`);
      await db.execute(sql`drop function refuse_account`);
    }
    expect(await db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    expect(mailsTo(t, email)).toHaveLength(0);
  });
});
