/**
 * The Better Auth instance: e-mail + password, e-mail verification, password reset, sessions in
 * httpOnly cookies (and `Authorization: Bearer` through the bearer plugin). Its own rate limiter
 * is off: the bridge applies ours (lib/rate-limit.ts) before Better Auth sees a request. Our profile columns live on the `user` table: Better Auth's `name` is our
 * `username` and its `image` our `avatarPath`.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '@atelier/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';
import { onEmailVerified } from './verification.ts';

/** Seconds a verification link stays valid. */
export const VERIFY_EMAIL_EXPIRES_IN = 24 * 60 * 60;
/** Seconds a password reset link stays valid. */
export const RESET_PASSWORD_EXPIRES_IN = 60 * 60;

/**
 * Better Auth endpoints we do not expose: sign-up goes through POST /api/register (our rules),
 * profile changes through PATCH /api/me; e-mail change and account deletion are not offered.
 */
export const disabledAuthPaths = [
  '/sign-up/email',
  '/update-user',
  '/change-email',
  '/delete-user',
];

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export function webLink(
  config: Config,
  mode: 'verifyEmail' | 'resetPassword',
  token: string,
): string {
  const url = new URL('/auth', config.baseUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('token', token);
  return url.toString();
}

export function createAuth({ config, db, mailer, log }: AuthDeps) {
  const secure = config.baseUrl.startsWith('https:');
  return betterAuth({
    appName: 'Atelier',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.baseUrl, ...config.TRUSTED_ORIGINS],
    database: drizzleAdapter(db, { provider: 'pg', schema, transaction: true }),
    user: {
      fields: { name: 'username', image: 'avatarPath' },
      additionalFields: {
        language: { type: 'string', required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: limits.passwordMin,
      maxPasswordLength: limits.passwordMax,
      // Unverified users may sign in: our routes enforce the access states (seed guard rule 2).
      requireEmailVerification: false,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = webLink(config, 'resetPassword', token);
        const mail = renderMail('resetPassword', languageOf(user), { username: user.name, link });
        await mailer.send({ to: user.email, link, ...mail });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN,
      sendVerificationEmail: async ({ user, token }) => {
        const link = webLink(config, 'verifyEmail', token);
        const mail = renderMail('verifyEmail', languageOf(user), { username: user.name, link });
        await mailer.send({ to: user.email, link, ...mail });
      },
      // Runs before `emailVerified` is set: if it fails the address stays unverified, so a
      // verified user always holds the roles decided here.
      beforeEmailVerification: async (user) => {
        await onEmailVerified(db, config, user.id);
      },
    },
    // One mechanism decides: the bridge's (per IP and per address, shared through Redis).
    rateLimit: { enabled: false },
    advanced: {
      // Origin and CSRF checks in every mode (Better Auth skips them under NODE_ENV=test).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // The Fastify bridge replaces x-forwarded-for with Fastify's request.ip (which honours
      // TRUST_PROXY), so the header Better Auth reads is always ours.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    },
    disabledPaths: disabledAuthPaths,
    plugins: [bearer()],
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        log[level]({ args }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

function languageOf(user: object): string | null {
  return 'language' in user && typeof user.language === 'string' ? user.language : null;
}
