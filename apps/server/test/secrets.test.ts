/**
 * No secret in the code: AUTH_SECRET or a random secret generated into DATA_DIR/auth-secret
 * (0600, reused); public values, short values and (under production) a missing secret on a
 * shared database refused at start; and tokens signed with the old constant refused by a fresh app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { makeSignature, signJWT } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { session, user } from '../src/db/schema/index.ts';
import { AUTH_SECRET_FILE, PUBLIC_SECRETS } from '../src/lib/auth-secret.ts';
import { useAuthApp, useTempDirs } from './context.ts';
import { createUser, registerUser, request, userRow } from './factories.ts';
import { spawnServer } from './helpers.ts';

/** The constant that signed everything before (public: it was in config.ts). */
const OLD_SECRET = 'development-secret-development-secret-0123456789';

const tempDir = useTempDirs('atelier-secret-');

const NODE_ENVS = ['development', 'test', 'production'] as const;

describe('AUTH_SECRET', () => {
  it('refuses every public value and anything under 32 characters, in every NODE_ENV', () => {
    const refused = [
      ...PUBLIC_SECRETS,
      OLD_SECRET,
      'e2e-secret-e2e-secret-e2e-secret-0123456789',
      'x'.repeat(31).replace(/x/g, (_c, i: number) => 'abcdefghijklmnopqrstuvwxyz012345'[i] ?? 'x'),
      'a'.repeat(64),
    ];
    for (const NODE_ENV of NODE_ENVS) {
      for (const AUTH_SECRET of refused) {
        expect(
          () => loadConfig({ NODE_ENV, AUTH_SECRET, DATA_DIR: tempDir() }),
          `${NODE_ENV}: ${AUTH_SECRET}`,
        ).toThrow(/AUTH_SECRET/);
      }
      // Not through `overrides` either.
      expect(() =>
        loadConfig({ NODE_ENV, DATA_DIR: tempDir() }, { authSecret: OLD_SECRET }),
      ).toThrow(/public/);
    }
  });

  it('accepts a long random value and uses it as is, writing no file', () => {
    const dataDir = tempDir();
    const AUTH_SECRET = 'Zq3v9LmP0x7Rt2Yw8Kd4Hs6Jf1Gb5Nc0AeQ';
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET, DATA_DIR: dataDir });
    expect(config.authSecret).toBe(AUTH_SECRET);
    expect(config.authSecretSource).toBe('env');
    expect(fs.existsSync(path.join(dataDir, AUTH_SECRET_FILE))).toBe(false);
  });

  it('unset: generates a random secret into DATA_DIR/auth-secret (mode 0600) and reuses it', () => {
    const dataDir = path.join(tempDir(), 'not-yet-created');
    const first = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    expect(first.authSecretSource).toBe('file');
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(PUBLIC_SECRETS).not.toContain(first.authSecret);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // No temporary file left beside it.
    expect(fs.readdirSync(dataDir)).toEqual([AUTH_SECRET_FILE]);

    for (const NODE_ENV of NODE_ENVS) {
      expect(loadConfig({ NODE_ENV, DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
    }
    // Another data directory, another secret.
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() }).authSecret).not.toBe(
      first.authSecret,
    );
  });

  it('tightens a secret file readable by others, and refuses a file holding a public value', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    const { authSecret } = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    fs.chmodSync(file, 0o644);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).authSecret).toBe(authSecret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    fs.writeFileSync(file, `${OLD_SECRET}\n`);
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })).toThrow(/public/);
  });

  it('unset with a shared database or Redis: refused in production, a loud warning otherwise', () => {
    for (const env of [
      { DATABASE_URL: 'postgres://db.example/atelier' },
      { REDIS_URL: 'redis://cache.example:6379' },
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), ...env })).toThrow(
        /AUTH_SECRET: .*same value on every node/,
      );
      const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir(), ...env });
      expect(dev.warnings.join('\n')).toMatch(/AUTH_SECRET/);
      const set = loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: tempDir(),
        AUTH_SECRET: 'Zq3v9LmP0x7Rt2Yw8Kd4Hs6Jf1Gb5Nc0AeQ',
        ...env,
      });
      expect(set.warnings).toEqual([]);
    }
  });

  it('the server does not start with a public or short secret', async () => {
    for (const AUTH_SECRET of [OLD_SECRET, 'too-short-secret']) {
      const server = await spawnServer(
        { DATA_DIR: tempDir(), AUTH_SECRET },
        { waitListening: false },
      );
      expect(await server.exited).toBe(1);
      expect(server.output.join('\n')).toMatch(/AUTH_SECRET: /);
      expect(server.output.join('\n')).not.toMatch(/Atelier listening/);
    }
  }, 60_000);
});

describe('tokens signed with the old constant', () => {
  // As the tests and `npm start` build it: no AUTH_SECRET in the environment.
  const t = useAuthApp();

  it('a verification token forged with the old constant neither verifies nor signs in', async () => {
    const victim = await registerUser(t);
    const token = await signJWT(
      { email: victim.email.toLowerCase(), userId: victim.id },
      OLD_SECRET,
      3600,
    );
    const res = await request(t, { method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('errors.auth.INVALID_TOKEN');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await userRow(t, victim.id))?.emailVerified).toBe(false);
  });

  it("a change-email token forged with the old constant leaves the moderator's address alone", async () => {
    const mod = await createUser(t, { roles: ['moderator'] });
    const token = await signJWT(
      {
        email: mod.email.toLowerCase(),
        updateTo: 'attacker@evil.example',
        requestType: 'change-email-verification',
        userId: mod.id,
      },
      OLD_SECRET,
      3600,
    );
    const res = await request(t, { method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(res.statusCode).toBe(401);
    const [row] = await t.database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, mod.id));
    expect(row?.email).toBe(mod.email.toLowerCase());
  });

  it('a session cookie signed with the old constant is not a session', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const [row] = await t.database.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, u.id));
    const signature = await makeSignature(row!.token, OLD_SECRET);
    const cookie = `better-auth.session_token=${encodeURIComponent(`${row!.token}.${signature}`)}`;
    const me = await request(t, { method: 'GET', url: '/api/me', cookie });
    expect(me.statusCode).toBe(401);
    // The real cookie of the same session works.
    expect((await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).statusCode).toBe(
      200,
    );
  });
});
