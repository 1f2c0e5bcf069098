import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeRole, CliError } from '../src/cli/roles.ts';
import { repoRoot } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { user } from '../src/db/schema/index.ts';
import { useAuthApp } from './context.ts';
import { createUser, request, userRow } from './factories.ts';
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseUrl } from './helpers.ts';

const cli = path.join(repoRoot, 'apps/server/src/cli/admin.ts');

function runCli(args: string[], env: Record<string, string>) {
  // A clean environment: vitest adds BASE_URL, MODE… to process.env.
  const clean = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir() };
  const res = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    cwd: repoRoot,
    env: { ...clean, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('role changes of the admin CLI', () => {
  const t = useAuthApp();

  it('grants and revokes moderator, moving claimsModifiedTimestamp', async () => {
    const u = await createUser(t);
    const before = await userRow(t, u.id);
    const granted = await changeRole(t.database.db, 'grant', 'moderator', u.email.toUpperCase());
    expect(granted).toMatchObject({
      roles: ['moderator'],
      displayedRole: 'moderator',
      changed: true,
    });
    const after = await userRow(t, u.id);
    expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(before.claimsModifiedAt.getTime());
    expect(
      (await request(t, { method: 'GET', url: '/api/applications', cookie: u.cookie })).statusCode,
    ).toBe(200);

    expect(await changeRole(t.database.db, 'revoke', 'moderator', u.email)).toMatchObject({
      roles: ['pending'],
      displayedRole: 'pending',
    });
    // A running server learns of it from the recorded user.changed event (its dispatcher's sweep),
    // which drops the user's cached sessions.
    await t.app.live.kick();
    expect(
      (await request(t, { method: 'GET', url: '/api/applications', cookie: u.cookie })).json().error
        .code,
    ).toBe('errors.noAccess');
  });

  it('grants member to a rejected user, keeps a ban, keeps other roles on revoke', async () => {
    const rejected = await createUser(t, { roles: ['rejected'] });
    expect(await changeRole(t.database.db, 'grant', 'member', rejected.email)).toMatchObject({
      roles: ['member'],
      displayedRole: 'member',
    });

    const banned = await createUser(t, { roles: ['pending', 'banned'] });
    expect(await changeRole(t.database.db, 'grant', 'moderator', banned.email)).toMatchObject({
      roles: ['moderator', 'banned'],
      displayedRole: 'banned',
    });

    const both = await createUser(t, { roles: ['member'] });
    await changeRole(t.database.db, 'grant', 'moderator', both.email);
    expect(await changeRole(t.database.db, 'revoke', 'moderator', both.email)).toMatchObject({
      roles: ['member'],
      displayedRole: 'member',
    });
    expect(await changeRole(t.database.db, 'revoke', 'moderator', both.email)).toMatchObject({
      changed: false,
    });
  });

  it('refuses an unknown address or role', async () => {
    await expect(
      changeRole(t.database.db, 'grant', 'moderator', 'ghost@example.com'),
    ).rejects.toBeInstanceOf(CliError);
    await expect(changeRole(t.database.db, 'grant', 'banned', 'ghost@example.com')).rejects.toThrow(
      /Unknown role/,
    );
  });

  it('a moderator granted before verification stays moderator after it', async () => {
    const u = await createUser(t, { verified: false });
    await changeRole(t.database.db, 'grant', 'moderator', u.email);
    const { verifyEmail } = await import('./factories.ts');
    await verifyEmail(t, u);
    expect(await userRow(t, u.id)).toMatchObject({ emailVerified: true, roles: ['moderator'] });
  });
});

/** Adds a verified user to the database opened with `where`. */
async function insertUser(
  where: Parameters<typeof openDatabase>[0],
  row: { id: string; username: string; email: string },
) {
  const database = await openDatabase(where);
  await database.db.insert(user).values({ ...row, emailVerified: true });
  await database.close();
}

describe('npm run admin (the process)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-'));
    await insertUser(
      { dataDir: path.join(dataDir, 'db') },
      { id: 'cli-user', username: 'Cli User', email: 'cli@example.com' },
    );
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('grants moderator on the embedded database', async () => {
    const res = runCli(['grant', 'moderator', 'CLI@example.com'], { DATA_DIR: dataDir });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('moderator granted: cli@example.com now holds moderator');
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const [row] = await database.db.select().from(user).where(eq(user.id, 'cli-user'));
      expect(row?.roles).toEqual(['moderator']);
    } finally {
      await database.close();
    }
  });

  it('says clearly when the server holds the database, and changes nothing', async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const res = runCli(['revoke', 'moderator', 'cli@example.com'], { DATA_DIR: dataDir });
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('is in use, probably by the running server');
      expect(res.stderr).toContain(`process ${process.pid}`);
      const [row] = await database.db.select().from(user).where(eq(user.id, 'cli-user'));
      expect(row?.roles).toEqual(['moderator']);
    } finally {
      await database.close();
    }
  });

  it('explains its usage and refuses unknown addresses', () => {
    const usage = runCli(['promote', 'someone'], { DATA_DIR: dataDir });
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('npm run admin -- grant <role> <email>');
    const ghost = runCli(['grant', 'member', 'ghost@example.com'], { DATA_DIR: dataDir });
    expect(ghost.code).toBe(1);
    expect(ghost.stderr).toContain('No account with the e-mail address ghost@example.com');
  });

  it.skipIf(!testDatabaseUrl)('grants moderator on PostgreSQL (DATABASE_URL)', async () => {
    const url = await createPostgresDatabase(testDatabaseUrl!);
    try {
      await insertUser({ url }, { id: 'pg-user', username: 'Pg User', email: 'pg@example.com' });
      const res = runCli(['grant', 'moderator', 'pg@example.com'], {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
      });
      expect(res.code).toBe(0);
      const again = await openDatabase({ url, migrate: false });
      const [row] = await again.db.select().from(user).where(eq(user.id, 'pg-user'));
      await again.close();
      expect(row?.roles).toEqual(['moderator']);
    } finally {
      await dropPostgresDatabase(testDatabaseUrl!, url);
    }
  });
});
