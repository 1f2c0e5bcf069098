/**
 * The session cookie's signature is checked with node:crypto (auth/access.ts) the way Better Auth
 * signs it (better-call's serializeSignedCookie): every cookie Better Auth would set is accepted,
 * anything else refused.
 */
import crypto from 'node:crypto';
import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { signedSessionToken } from '../src/auth/access.ts';

const NAME = 'better-auth.session_token';
const secret = crypto.randomBytes(32).toString('base64url');

/** The Cookie header a browser sends back for Better Auth's Set-Cookie of `token`. */
async function cookieHeader(token: string, key = secret): Promise<string> {
  const setCookie = await serializeSignedCookie(NAME, token, key, { path: '/' });
  return `theme=dark; ${setCookie.split(';')[0]}; other=1`;
}

describe('signedSessionToken', () => {
  it('accepts the cookie Better Auth signs, for many tokens', async () => {
    for (let i = 0; i < 200; i += 1) {
      const token = crypto.randomBytes(24).toString('base64url');
      expect(signedSessionToken(await cookieHeader(token), NAME, secret)).toBe(token);
    }
  });

  it('refuses another secret, a changed token, a changed or missing signature', async () => {
    const token = crypto.randomBytes(24).toString('base64url');
    const header = await cookieHeader(token);
    const value = decodeURIComponent(/session_token=([^;]+)/.exec(header)![1]!);
    const [, signature] = value.split('.');
    const send = (v: string) =>
      signedSessionToken(`${NAME}=${encodeURIComponent(v)}`, NAME, secret);

    expect(
      signedSessionToken(await cookieHeader(token, 'another secret'), NAME, secret),
    ).toBeNull();
    expect(send(`${token}x.${signature}`)).toBeNull();
    expect(send(`${token}.${signature!.slice(0, -2)}AA`)).toBeNull();
    expect(send(`${token}.`)).toBeNull();
    expect(send(token)).toBeNull();
    expect(send(value)).toBe(token);
  });

  it('finds nothing without the cookie', () => {
    expect(signedSessionToken(undefined, NAME, secret)).toBeNull();
    expect(signedSessionToken('theme=dark', NAME, secret)).toBeNull();
  });
});
