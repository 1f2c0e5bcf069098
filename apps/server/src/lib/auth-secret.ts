/**
 * The secret that signs sessions and e-mail tokens (Better Auth's `secret`). There is none in the
 * code: AUTH_SECRET when set, else a random one made at first start and kept in
 * DATA_DIR/auth-secret (mode 0600), reused on later starts. Values that were ever public (old
 * defaults, test and bench values, documentation examples) and anything short are refused.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Shortest accepted secret, in characters. */
export const AUTH_SECRET_MIN_LENGTH = 32;

/** The file in DATA_DIR that keeps the generated secret. */
export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * Secrets that were written in this repository (code, tests, docs) at some point: anyone can read
 * them, so a site signed with one of them is open to forged tokens.
 */
export const PUBLIC_SECRETS: readonly string[] = [
  'development-secret-development-secret-0123456789',
  'e2e-secret-e2e-secret-e2e-secret-0123456789',
  'bench-secret-bench-secret-bench-secret-0123',
];

/** Why `secret` cannot sign anything, or undefined when it can. `name` names it in the message. */
export function secretProblem(secret: string, name = 'AUTH_SECRET'): string | undefined {
  if (PUBLIC_SECRETS.includes(secret.trim())) {
    return `${name}: this value is public (it was written in Atelier's code or docs); anyone could forge sessions and e-mail links with it. Generate one: openssl rand -base64 32`;
  }
  if (secret.length < AUTH_SECRET_MIN_LENGTH) {
    return `${name}: must be at least ${AUTH_SECRET_MIN_LENGTH} characters (it is ${secret.length}). Generate one: openssl rand -base64 32`;
  }
  if (new Set(secret).size < 8) {
    return `${name}: too few different characters to be a secret. Generate one: openssl rand -base64 32`;
  }
  return undefined;
}

/** A fresh random secret: 32 random bytes, base64url (43 characters). */
export function generateSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The secret kept in `dataDir`: read it when the file exists, else create it (atomically: a
 * temporary file written with mode 0600, then linked into place, which fails if another process
 * got there first — its secret is then the one read and used).
 */
export function loadOrCreateSecretFile(dataDir: string): {
  secret: string;
  file: string;
  created: boolean;
} {
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  const read = () => {
    const secret = fs.readFileSync(file, 'utf8').trim();
    const problem = secretProblem(secret, file);
    if (problem)
      throw new Error(
        `Invalid configuration:\n  ${problem} (delete the file to generate a new one)`,
      );
    // A file copied around with looser permissions is tightened; the secret itself is kept.
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    return secret;
  };
  if (fs.existsSync(file)) return { secret: read(), file, created: false };

  fs.mkdirSync(dataDir, { recursive: true });
  const secret = generateSecret();
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, `${secret}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { secret: read(), file, created: false };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return { secret, file, created: true };
}
