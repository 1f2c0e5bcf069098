/**
 * The Better Auth instance: e-mail + password, e-mail verification, password reset, sessions in
 * httpOnly cookies (and `Authorization: Bearer` through the bearer plugin). Its own rate limiter
 * is off: the bridge applies ours (lib/rate-limit.ts) before Better Auth sees a request. Our profile columns live on the `user` table: Better Auth's `name` is our
 * `username` and its `image` our `avatarPath`.
 */
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '@atelier/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import { isCommonPassword } from './passwords.ts';
import { usernameKey } from './username.ts';
import type { SessionEnds } from './session-ends.ts';
import { guardVerifyEmail, recordVerificationToken, voidResetTokens } from './tokens.ts';
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

/** Better Auth paths that set a password from `newPassword`: the common-password rule applies. */
export const passwordSettingPaths = ['/reset-password', '/change-password'];

/** The code of the refusal of a common password; the bridge turns it into sign-up's field error. */
export const PASSWORD_COMMON = 'PASSWORD_COMMON';

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Told of every session Better Auth deletes (the live plugin closes its sockets). */
  sessionEnds: SessionEnds;
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

export function createAuth({ config, db, mailer, log, sessionEnds }: AuthDeps) {
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
        // Set by the hook below from the username, never from the request.
        usernameSkeleton: { type: 'string', required: false, input: false, returned: false },
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
        // A new link voids the older ones (tokens.ts).
        await voidResetTokens(db, user.id, token);
        const link = webLink(config, 'resetPassword', token);
        const mail = renderMail('resetPassword', languageOf(user), { username: user.name, link });
        await mailer.send({ to: user.email, link, ...mail });
      },
      // The link used is consumed by Better Auth; any other link of the user dies with it.
      onPasswordReset: async ({ user }) => {
        await voidResetTokens(db, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN,
      sendVerificationEmail: async ({ user, token }) => {
        // Only the latest mailed link works, once (tokens.ts).
        await recordVerificationToken(
          db,
          user.id,
          token,
          new Date(Date.now() + VERIFY_EMAIL_EXPIRES_IN * 1000),
        );
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
    databaseHooks: {
      user: {
        create: {
          // Every account Better Auth creates carries its username's look-alike key (unique index).
          before: (data) =>
            Promise.resolve({ data: { ...data, usernameSkeleton: usernameKey(data.name) } }),
        },
      },
      session: {
        delete: {
          // Every path that ends a session (sign-out, revocations, password change and reset,
          // expiry found by getSession) deletes it through here, bulk deletes once per row,
          // after the transaction committed.
          after: (session) => {
            sessionEnds.ended({ id: session.id, userId: session.userId });
            return Promise.resolve();
          },
        },
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
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A verification link works once, and only the latest one mailed (tokens.ts).
        await guardVerifyEmail(db, ctx.path, ctx.query);
        // The rule sign-up applies (auth/register.ts) holds on every path that sets a password.
        if (!passwordSettingPaths.includes(ctx.path)) return;
        const body: unknown = ctx.body;
        const newPassword =
          typeof body === 'object' && body !== null && 'newPassword' in body
            ? body.newPassword
            : undefined;
        if (typeof newPassword === 'string' && isCommonPassword(newPassword)) {
          throw new APIError('BAD_REQUEST', {
            code: PASSWORD_COMMON,
            message: 'This password is too common.',
          });
        }
      }),
    },
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
