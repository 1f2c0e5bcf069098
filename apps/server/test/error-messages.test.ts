/**
 * An API error's `message` is its code's text in the language of the one who asked
 * (lib/error-messages.ts): the signed-in user's saved language, else Accept-Language, else
 * English; the code and the field codes stay translation keys.
 */
import { describe, expect, it } from 'vitest';
import en from '@atelier/shared/locales/en.json';
import es from '@atelier/shared/locales/es.json';
import fr from '@atelier/shared/locales/fr.json';
import ko from '@atelier/shared/locales/ko.json';
import { errorText } from '../src/lib/error-messages.ts';
import { useWritersApp } from './context.ts';
import { registerUser, request } from './factories.ts';

describe('API error messages', () => {
  const t = useWritersApp();

  interface ErrorAnswer {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
  }
  const errorOf = async (options: Parameters<typeof request>[1]): Promise<ErrorAnswer> => {
    const res = await request(t, options);
    const { error } = res.json<{ error: Omit<ErrorAnswer, 'status'> }>();
    return { status: res.statusCode, ...error };
  };
  const signedOut = (acceptLanguage?: string) =>
    errorOf({
      method: 'GET',
      url: '/api/me',
      ...(acceptLanguage === undefined ? {} : { headers: { 'accept-language': acceptLanguage } }),
    });

  it('follows Accept-Language: the first language the site has, by its base code, else English', async () => {
    expect(await signedOut()).toMatchObject({
      status: 401,
      code: 'errors.unauthorized',
      message: en.errors.unauthorized,
    });
    expect((await signedOut('ko-KR,ko;q=0.9,en;q=0.8')).message).toBe(ko.errors.unauthorized);
    expect((await signedOut('fr-CA')).message).toBe(fr.errors.unauthorized);
    expect((await signedOut('de-DE, es;q=0.5, fr;q=0.4')).message).toBe(es.errors.unauthorized);
    expect((await signedOut('de, *;q=0.5')).message).toBe(en.errors.unauthorized);
  });

  it("speaks a signed-in user's saved language, whatever the browser says", async () => {
    const u = await registerUser(t, { language: 'fr' });
    // Unverified: refused once the user is loaded.
    const refused = await errorOf({
      method: 'GET',
      url: '/api/home',
      cookie: u.cookie,
      headers: { 'accept-language': 'ko' },
    });
    expect(refused).toMatchObject({
      status: 403,
      code: 'errors.emailNotVerified',
      message: fr.errors.emailNotVerified,
    });
  });

  it('writes validation, not-found and Better Auth errors too; field codes stay keys', async () => {
    const invalid = await errorOf({
      method: 'POST',
      url: '/api/register',
      payload: { username: '', email: 'not-an-address', password: 'x' },
      headers: { 'accept-language': 'es' },
    });
    expect(invalid).toMatchObject({
      status: 400,
      code: 'errors.validation',
      message: es.errors.validation,
    });
    expect(Object.keys(invalid.fields ?? {})).not.toHaveLength(0);
    for (const code of Object.values(invalid.fields ?? {})) expect(code).toMatch(/^errors\./);

    const unknown = await errorOf({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'accept-language': 'ko' },
    });
    expect(unknown).toMatchObject({ status: 404, message: ko.errors.notFound });

    const wrongPassword = await errorOf({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.com', password: 'not the password 1' },
      headers: { 'accept-language': 'fr' },
    });
    expect(wrongPassword).toMatchObject({
      status: 401,
      code: 'errors.auth.INVALID_EMAIL_OR_PASSWORD',
      message: fr.errors.auth.INVALID_EMAIL_OR_PASSWORD,
    });
  });

  it('finds nested codes and nothing outside errors', () => {
    expect(errorText('errors.reports.reasonRequired', 'ko')).toBe(ko.errors.reports.reasonRequired);
    expect(errorText('errors.reports', 'en')).toBeUndefined();
    expect(errorText('errors.noSuchCode', 'en')).toBeUndefined();
    expect(errorText('nav.home', 'en')).toBeUndefined();
  });
});
