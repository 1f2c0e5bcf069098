/**
 * Factories and sign-in helpers for server tests. Everything goes through the real app: users
 * register with POST /api/register, verify with the link of the mail written to dataDir/mail,
 * and sign in with Better Auth. Only `createUser({ roles })` sets roles directly in the database,
 * as a moderator decision would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RateLimitClass, RoleId } from '@atelier/shared';
import type { Config } from '../src/config.ts';
import { user } from '../src/db/schema/index.ts';
import { displayedRoleFor } from '../src/lib/roles.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers.ts';

/** The sign-in, sign-up and mail limits (per IP and per address), out of the way. */
export const relaxedAuthLimits: Config['RATE_LIMITS'] = Object.fromEntries(
  (
    [
      'signInIp',
      'signInEmail',
      'signUpIp',
      'mailIp',
      'resetEmail',
      'verifyEmail',
      'passwordIp',
    ] as const
  ).map((name) => [name, [{ max: 1_000_000, windowSeconds: 60 }]]),
);

/**
 * The per-user write limits out of the way, but for `keep`: for files whose few shared users write
 * far more than a person would (the limits themselves are tested in rate-limits.test.ts).
 */
export function relaxedWriteLimits(...keep: RateLimitClass[]): Config['RATE_LIMITS'] {
  return Object.fromEntries(
    (['post', 'comment', 'status', 'like', 'edit', 'report', 'upload'] as const)
      .filter((name) => !keep.includes(name))
      .map((name) => [name, [{ max: 1_000_000, windowSeconds: 60 }]]),
  );
}

/**
 * A test app whose auth rate limits do not get in the way: every factory signs users up and in
 * from 127.0.0.1 (tests of those limits set their own). The per-user write limits stay as
 * configured; a test that writes more than a user may passes its own `RATE_LIMITS`.
 */
export function createAuthTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  return createTestApp(
    { ...overrides, RATE_LIMITS: { ...relaxedAuthLimits, ...overrides.RATE_LIMITS } },
    options,
  );
}

export const PASSWORD = 'correct horse battery staple';

let counter = 0;
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/** `name=value; name2=value2` from a response's Set-Cookie headers (merged into `previous`). */
export function cookieFrom(res: LightMyRequestResponse, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map(
        (pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const,
      ),
  );
  const raw = res.headers['set-cookie'];
  for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    const pair = line.split(';')[0] ?? '';
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    if (value && !/max-age=0/i.test(line)) jar.set(name, value);
    else jar.delete(name);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Injects a request as a browser on the site would send it (Origin set, cookie if given). */
export function request(
  t: TestApp,
  options: InjectOptions & { cookie?: string },
): Promise<LightMyRequestResponse> {
  const { cookie, headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    headers: { origin: t.config.baseUrl, ...(cookie ? { cookie } : {}), ...headers },
  });
}

/** A route as `METHOD /path`. */
export type Route = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}`;

/** `request` of `route` as `u` (signed out with `null`), with `payload` and `headers` if given. */
export function requestAs(
  t: TestApp,
  u: Pick<TestUser, 'cookie'> | null,
  route: Route,
  payload?: InjectOptions['payload'],
  headers?: InjectOptions['headers'],
): Promise<LightMyRequestResponse> {
  const space = route.indexOf(' ');
  return request(t, {
    method: route.slice(0, space) as InjectOptions['method'],
    url: route.slice(space + 1),
    ...(u ? { cookie: u.cookie } : {}),
    ...(payload === undefined ? {} : { payload }),
    ...(headers ? { headers } : {}),
  });
}

/** `requestAs` that expects `status`; returns the response. */
export async function send(
  t: TestApp,
  u: Pick<TestUser, 'cookie'> | null,
  route: Route,
  payload: InjectOptions['payload'] | undefined,
  status: number,
): Promise<LightMyRequestResponse> {
  const res = await requestAs(t, u, route, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

// ---- mail ----

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(decodeQuotedPrintable(data.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\n\n');
  const head = raw.slice(0, at).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(at + 2) };
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8');
  return body;
}

export function parseMail(file: string): ReceivedMail {
  const raw = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const { headers, body } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitHead(p.replace(/^\n/, '')))
    : [{ headers, body }];
  const partOf = (type: string) =>
    parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(type));
  const text = partOf('text/plain');
  const html = partOf('text/html');
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    text: text ? decodePart(text.headers, text.body) : '',
    html: html ? decodePart(html.headers, html.body) : '',
  };
}

/** Mails written to `to`, oldest first. */
export function mailsTo(t: TestApp, to: string): ReceivedMail[] {
  return mailsIn(path.join(t.dataDir, 'mail'), to);
}

/** The mails (`.eml` files) in `dir` for `to`, oldest first. */
export function mailsIn(dir: string, to: string): ReceivedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b))
    .map((f) => parseMail(path.join(dir, f)))
    .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** The link of the latest mail to `to` for `mode` (verifyEmail | resetPassword). */
export function lastLink(t: TestApp, to: string, mode: 'verifyEmail' | 'resetPassword'): URL {
  const links = mailsTo(t, to)
    .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
    .map((l) => new URL(l))
    .filter((u) => u.searchParams.get('mode') === mode);
  const link = links.at(-1);
  if (!link) throw new Error(`no ${mode} mail to ${to}`);
  return link;
}

export function tokenOf(link: URL): string {
  const token = link.searchParams.get('token');
  if (!token) throw new Error(`no token in ${link.toString()}`);
  return token;
}

// ---- users ----

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  /** Cookie header of a signed-in session. */
  cookie: string;
}

export interface NewUser {
  username?: string;
  email?: string;
  password?: string;
  language?: string;
}

/** Registers through POST /api/register; returns the signed-in (unverified) user. */
export async function registerUser(t: TestApp, input: NewUser = {}): Promise<TestUser> {
  const username = input.username ?? uniqueName();
  const email = input.email ?? `${username.toLowerCase()}@example.com`;
  const password = input.password ?? PASSWORD;
  const res = await request(t, {
    method: 'POST',
    url: '/api/register',
    payload: { username, email, password, ...(input.language ? { language: input.language } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieFrom(res);
  const [row] = await t.database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.toLowerCase()));
  if (!row) throw new Error('registered user not found');
  return { id: row.id, username, email, password, cookie };
}

/** Opens the verification link of the latest mail, as the /auth page does. */
export async function verifyEmail(
  t: TestApp,
  u: Pick<TestUser, 'email' | 'cookie'>,
): Promise<LightMyRequestResponse> {
  const token = tokenOf(lastLink(t, u.email, 'verifyEmail'));
  return request(t, {
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    cookie: u.cookie,
  });
}

export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await request(t, {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

export async function setRoles(
  t: TestApp,
  id: string,
  roles: RoleId[],
  extra: { banReason?: string } = {},
): Promise<void> {
  await t.database.db
    .update(user)
    .set({ roles, displayedRole: displayedRoleFor(roles), claimsModifiedAt: new Date(), ...extra })
    .where(eq(user.id, id));
  // Written behind the app's back (a moderator's route would do it): cached sessions drop.
  t.app.sessionCache.apply({ kind: 'user', id });
}

/**
 * A signed-in user: registered, verified (unless `verified: false`) and holding `roles`
 * (default: pending, as after verification).
 */
export async function createUser(
  t: TestApp,
  options: NewUser & { roles?: RoleId[]; verified?: boolean } = {},
): Promise<TestUser> {
  const u = await registerUser(t, options);
  if (options.verified !== false) {
    const res = await verifyEmail(t, u);
    if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
    u.cookie = cookieFrom(res, u.cookie);
  }
  if (options.roles)
    await setRoles(
      t,
      u.id,
      options.roles,
      options.roles.includes('banned') ? { banReason: 'Test ban' } : {},
    );
  return u;
}

export const createModerator = (t: TestApp, options: NewUser = {}) =>
  createUser(t, { ...options, roles: ['moderator'] });
export const createMember = (t: TestApp, options: NewUser = {}) =>
  createUser(t, { ...options, roles: ['member'] });

export async function userRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(user).where(eq(user.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** A valid application body. */
export function applicationInput(overrides: Record<string, unknown> = {}) {
  return {
    requestedType: 'writer',
    aboutYou: 'I write short fiction and parody news.',
    whyJoin: 'To share drafts and get feedback.',
    links: ['https://example.com/portfolio'],
    ...overrides,
  };
}
