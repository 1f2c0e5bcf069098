/**
 * The seed's navigation guard, as one pure function. The web router calls it on every
 * navigation; the server applies the same access states to /api routes (see `accessState`).
 */
export type AccessState =
  'anonymous' | 'unverified' | 'banned' | 'noAccess' | 'member' | 'moderator';

export interface GuardUser {
  emailVerified: boolean;
}
export interface GuardProfile {
  isBanned: boolean;
  hasAccess: boolean;
  isModerator: boolean;
}
export interface GuardInput {
  /** The path being navigated to, without query or hash. */
  path: string;
  /** Null when signed out. */
  user: GuardUser | null;
  /** The user record; undefined while it loads (step 3: wait for it). */
  profile: GuardProfile | undefined;
}
export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'wait' };

const allow: GuardResult = { kind: 'allow' };
const to = (path: string): GuardResult => ({ kind: 'redirect', to: path });

export const anonymousPaths = ['/login', '/register', '/reset-password', '/auth'];
export const unverifiedPaths = ['/register', '/account', '/reset-password', '/auth'];
export const bannedPaths = ['/banned', '/account'];
export const noAccessPaths = ['/application', '/account', '/reset-password', '/auth'];
export const redirectWithAccessPaths = [
  '/application',
  '/banned',
  '/reset-password',
  '/login',
  '/register',
];
/** The seed's three moderator pages, and the mod log (beyond the seed). */
export const moderatorPaths = ['/applications', '/reports', '/tags', '/mod-log'];

export function guard({ path, user, profile }: GuardInput): GuardResult {
  // 1. Not signed in.
  if (!user) return anonymousPaths.includes(path) ? allow : to('/login');
  // 2. Signed in, e-mail not verified.
  if (!user.emailVerified) return unverifiedPaths.includes(path) ? allow : to('/register');
  // 3. Verified: wait for the user record.
  if (!profile) return { kind: 'wait' };
  if (profile.isBanned) return bannedPaths.includes(path) ? allow : to('/banned');
  if (!profile.hasAccess) return noAccessPaths.includes(path) ? allow : to('/application');
  if (redirectWithAccessPaths.includes(path)) return to('/');
  if (moderatorPaths.includes(path) && !profile.isModerator) return to('/');
  return allow;
}

export function accessState(
  user: GuardUser | null,
  profile: GuardProfile | undefined,
): AccessState {
  if (!user) return 'anonymous';
  if (!user.emailVerified || !profile) return 'unverified';
  if (profile.isBanned) return 'banned';
  if (!profile.hasAccess) return 'noAccess';
  return profile.isModerator ? 'moderator' : 'member';
}
