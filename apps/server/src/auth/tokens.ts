/**
 * Single-use mailed links: a link works once, and a newer link of the same kind voids the older
 * ones. Both kinds live in Better Auth's `verification` table (no table of our own):
 *
 * - Password reset: Better Auth stores one row per link, identifier `reset-password:<token>` and
 *   value = the user id (identifiers are stored plain: `verification.storeIdentifier` is not set),
 *   and consumes the row when the link is used. When a new link is mailed the user's other reset
 *   rows are deleted; when a link is used all of them are.
 * - E-mail verification: Better Auth's links carry a signed JWT and nothing is stored, so a link
 *   would work until it expires, again and again. We keep one row per user, identifier
 *   `verify-email:<userId>` and value = SHA-256 of the latest link's token, replaced whenever a
 *   link is mailed. `/verify-email` first consumes that row (one atomic delete): a used, older or
 *   never-mailed token (e.g. a change-email token: that flow is not offered) is refused.
 */
import crypto from 'node:crypto';
import { APIError } from 'better-auth/api';
import { and, eq, like, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verification } from '../db/schema/index.ts';

const RESET_PREFIX = 'reset-password:';
const VERIFY_PREFIX = 'verify-email:';

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** Deletes the user's reset links except `keepToken` (the one being mailed), or all of them. */
export async function voidResetTokens(db: Db, userId: string, keepToken?: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        like(verification.identifier, `${RESET_PREFIX}%`),
        keepToken === undefined
          ? undefined
          : ne(verification.identifier, `${RESET_PREFIX}${keepToken}`),
      ),
    );
}

/** Records `token` as the user's only valid verification link (until `expiresAt`). */
export async function recordVerificationToken(
  db: Db,
  userId: string,
  token: string,
  expiresAt: Date,
): Promise<void> {
  const identifier = `${VERIFY_PREFIX}${userId}`;
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifier));
    await tx
      .insert(verification)
      .values({ id: crypto.randomUUID(), identifier, value: digest(token), expiresAt });
  });
}

/** The `userId` claim of a verification JWT, unverified (the stored digest vouches for it). */
function userIdOf(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (typeof claims !== 'object' || claims === null || !('userId' in claims)) return null;
    return typeof claims.userId === 'string' && claims.userId ? claims.userId : null;
  } catch {
    return null;
  }
}

/**
 * Consumes the verification link `token`: true when it is the user's latest mailed link and had
 * not been used (the row is deleted in the same statement, so two concurrent uses cannot both
 * pass). Better Auth then checks its signature and expiry as before.
 */
export async function consumeVerificationToken(db: Db, token: string): Promise<boolean> {
  const userId = userIdOf(token);
  if (!userId) return false;
  const deleted = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, `${VERIFY_PREFIX}${userId}`),
        eq(verification.value, digest(token)),
      ),
    )
    .returning({ id: verification.id });
  return deleted.length > 0;
}

/**
 * Better Auth `hooks.before`: on `/verify-email`, the token must be consumed here first, else the
 * request is refused as Better Auth refuses a bad token (401 INVALID_TOKEN).
 */
export async function guardVerifyEmail(db: Db, path: string, query: unknown): Promise<void> {
  if (path !== '/verify-email') return;
  const token =
    typeof query === 'object' && query !== null && 'token' in query ? query.token : undefined;
  if (typeof token !== 'string' || !(await consumeVerificationToken(db, token))) {
    throw new APIError('UNAUTHORIZED', { code: 'INVALID_TOKEN', message: 'Invalid token' });
  }
}
