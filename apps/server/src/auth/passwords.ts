/**
 * Common passwords are refused at registration. The list (common-passwords.txt) holds the 1000
 * most frequent passwords of 10 characters or more from the zxcvbn-ts common password list
 * (@zxcvbn-ts/language-common 4.1.3, MIT), lower-cased, most frequent first.
 */
import fs from 'node:fs';
import { shippedFile } from '../lib/shipped-files.ts';

const common = new Set(
  fs
    .readFileSync(shippedFile('auth/common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

/** True for a listed password, or one that is the username or the e-mail address. */
export function isCommonPassword(
  password: string,
  context: { username?: string; email?: string } = {},
): boolean {
  const p = password.toLowerCase();
  if (common.has(p)) return true;
  const own = [context.username, context.email, context.email?.split('@')[0]].filter(
    (v): v is string => !!v,
  );
  return own.some((v) => v.toLowerCase() === p);
}
