/**
 * POST /api/register (`routes.users.register`, rate limit `signUpIp` per IP): our sign-up.
 * Validated with the shared registerSchema; refuses common passwords and taken usernames
 * (case-insensitively or by look-alike, auth/username.ts) or addresses with field errors, then
 * lets Better Auth create the user, its password account and a session in one transaction, and
 * forwards its session cookie. The verification mail goes out in the chosen language.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isAPIError } from 'better-auth/api';
import { routes, type RegisterInput } from '@atelier/shared';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import { registerRoute } from '../lib/routes.ts';
import { authErrorBody, authHeaders } from './bridge.ts';
import { isCommonPassword } from './passwords.ts';
import { usernameKey } from './username.ts';

async function assertAvailable(
  db: Db,
  input: Pick<RegisterInput, 'username' | 'email'>,
): Promise<void> {
  const key = usernameKey(input.username);
  const taken = await db
    .select({ username: user.username, usernameSkeleton: user.usernameSkeleton, email: user.email })
    .from(user)
    .where(
      sql`lower(${user.username}) = lower(${input.username}) or ${user.usernameSkeleton} = ${key} or ${user.email} = lower(${input.email})`,
    );
  const fields: Record<string, string> = {};
  // Taken as it is written (case aside) or by a look-alike (same confusable skeleton).
  if (
    taken.some(
      (t) =>
        t.username.toLowerCase() === input.username.toLowerCase() || t.usernameSkeleton === key,
    )
  )
    fields.username = 'errors.usernameTaken';
  if (taken.some((t) => t.email === input.email.toLowerCase())) fields.email = 'errors.emailTaken';
  if (fields.username) throw conflict('errors.usernameTaken', fields);
  if (fields.email) throw conflict('errors.emailTaken', fields);
}

export function registerRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const { database } = app.deps;
  registerRoute(app, routes.users.register, async ({ body: input, request, reply }) => {
    if (isCommonPassword(input.password, input))
      throw badRequest('errors.validation', { password: 'errors.passwordCommon' });
    await assertAvailable(database.db, input);
    let result;
    try {
      result = await app.auth.api.signUpEmail({
        body: {
          name: input.username,
          email: input.email,
          password: input.password,
          language: input.language ?? null,
        },
        headers: authHeaders(request),
        returnHeaders: true,
      });
    } catch (err) {
      if (!isAPIError(err)) throw err;
      // A concurrent registration took the name or address between our check and the insert.
      await assertAvailable(database.db, input);
      const { error } = authErrorBody(err.statusCode, err.body);
      throw new AppError(err.statusCode, error.code, error.message);
    }
    for (const cookie of result.headers.getSetCookie()) void reply.header('set-cookie', cookie);
    return { ok: true } as const;
  });
  done();
}
