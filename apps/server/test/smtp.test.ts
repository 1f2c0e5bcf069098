/**
 * Mail through a real SMTP server (test/support/smtp-server.ts, its own process) and the outbox
 * (src/mail/outbox.ts): delivery with a working link, nothing lost while the relay is down and
 * delivered once when it is back, 5xx parked at once, 4xx retried, parked after the retry window,
 * and two nodes on one database delivering each mail once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createMailer, type Mailer, type OutboxSettings } from '../src/mail/outbox.ts';
import { createTransport } from '../src/mail/transport.ts';
import {
  createAuthTestApp,
  mailsIn,
  registerUser,
  request,
  tokenOf,
  type ReceivedMail,
  send,
} from './factories.ts';
import { createTestDatabase, type TestApp, type TestDatabase } from './helpers.ts';

const serverDir = path.join(repoRoot, 'apps/server');
const script = path.join(serverDir, 'test/support/smtp-server.ts');
const silent = pino({ level: 'silent' });

interface Smtp {
  port: number;
  stop(): Promise<void>;
}

/** Starts the SMTP server process; resolves once it listens (its `listening <port>` line). */
function startSmtp(
  outDir: string,
  options: { port?: number; reject?: number } = {},
): Promise<Smtp> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: {
      ...process.env,
      SMTP_OUT_DIR: outDir,
      SMTP_PORT: String(options.port ?? 0),
      ...(options.reject ? { SMTP_REJECT: String(options.reject) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m?.[1])
        resolve({
          port: Number(m[1]),
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
    });
    void exited.then(() => reject(new Error(`the SMTP server exited: ${stderr}`)));
  });
}

/** Polls `check` until it returns a value (a deadline only guards against a hang). */
async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function linkIn(mail: ReceivedMail, mode: string): URL {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? [])
    .map((l) => new URL(l))
    .find((u) => u.searchParams.get('mode') === mode);
  if (!link) throw new Error(`no ${mode} link in the mail`);
  return link;
}

const settings: OutboxSettings = {
  MAIL_RETRY_BASE_MS: 50,
  MAIL_RETRY_MAX_HOURS: 24,
  MAIL_KEEP_DAYS: 7,
  MAIL_SWEEP_MS: 60_000,
  MAIL_SEND_WAIT_MS: 10_000,
};

function smtpMailer(db: Database['db'], port: number, over: Partial<OutboxSettings> = {}): Mailer {
  return createMailer({
    db,
    transport: createTransport(
      {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Atelier <no-reply@example.com>',
        DATA_DIR: '',
      },
      silent,
    ),
    settings: { ...settings, ...over },
    log: silent,
  });
}

const mail = (to: string, subject = 'Hello') => ({
  to,
  subject,
  text: `Hi\n\nhttps://example.com/auth?mode=test&to=${to}\n`,
  html: '<p>Hi</p>',
  link: `https://example.com/auth?mode=test&to=${to}`,
});

describe('mail over a real SMTP server', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-smtp-'));
  let smtp: Smtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp(outDir);
    t = await createAuthTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_RETRY_BASE_MS: 50,
      MAIL_SWEEP_MS: 60_000,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  const rowsTo = (to: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));

  it('delivers the verification mail to the relay, with the right recipient, subject and a working link', async () => {
    const u = await registerUser(t);
    const [received] = await waitFor('the verification mail', () => {
      const list = mailsIn(outDir, u.email);
      return list.length > 0 ? list : undefined;
    });
    expect(received!.to).toContain(u.email);
    expect(received!.subject).toBe('Confirm your e-mail address for Atelier');
    // Nothing is written to DATA_DIR/mail when SMTP_URL is set.
    expect(fs.existsSync(path.join(t.dataDir, 'mail'))).toBe(false);
    const token = tokenOf(linkIn(received!, 'verifyEmail'));
    await send(t, u, `GET /api/auth/verify-email?token=${token}`, undefined, 200);
    const me = await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie });
    expect(me.json()).toMatchObject({ id: u.id, emailVerified: true });
    const [row] = await rowsTo(u.email);
    expect(row).toMatchObject({ attempts: 1, lastError: null, parkedAt: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a reset mail while the relay is down and delivers it exactly once when it is back', async () => {
    const u = await registerUser(t);
    const port = smtp.port;
    await smtp.stop();
    await send(t, null, 'POST /api/auth/request-password-reset', { email: u.email }, 200);
    const [pending] = await waitFor('the failed attempt', async () => {
      const rows = (await rowsTo(u.email)).filter((r) => r.subject.includes('password'));
      return rows.length === 1 && rows[0]!.lastError ? rows : undefined;
    });
    expect(pending!.sentAt).toBeNull();
    expect(pending!.parkedAt).toBeNull();
    expect(pending!.attempts).toBeGreaterThanOrEqual(1);
    expect(pending!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(mailsIn(outDir, u.email).filter((m) => m.subject.includes('password'))).toEqual([]);

    smtp = await startSmtp(outDir, { port });
    // The worker's own retry timer delivers it (backoff base 50 ms here); a kick changes nothing.
    const sent = await waitFor('the retried delivery', async () => {
      const [row] = (await rowsTo(u.email)).filter((r) => r.subject.includes('password'));
      return row?.sentAt ? row : undefined;
    });
    await t.app.mailer.kick();
    expect(sent.lastError).toBeNull();
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    const resets = mailsIn(outDir, u.email).filter(
      (m) => m.subject === 'Reset your Atelier password',
    );
    expect(resets).toHaveLength(1);
    expect(linkIn(resets[0]!, 'resetPassword').searchParams.get('token')).toBeTruthy();
  });
});

describe('outbox failures and several nodes', () => {
  let fresh: TestDatabase;
  const servers: Smtp[] = [];
  const dirs: string[] = [];

  const server = async (reject?: number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-smtp-'));
    dirs.push(dir);
    const s = await startSmtp(dir, reject ? { reject } : {});
    servers.push(s);
    return { ...s, dir };
  };
  const rowOf = async (db: Database['db'], to: string) => {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
    if (!row) throw new Error(`no outbox row for ${to}`);
    return row;
  };

  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await fresh?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('parks a mail refused with 5xx at once, and retries one refused with 4xx', async () => {
    const db = fresh.database.db;
    const refusing = await server(550);
    const a = smtpMailer(db, refusing.port);
    await a.send(mail('nobody@example.com'));
    await a.stop();
    const parked = await rowOf(db, 'nobody@example.com');
    expect(parked.attempts).toBe(1);
    expect(parked.parkedAt).toBeInstanceOf(Date);
    expect(parked.sentAt).toBeNull();
    expect(parked.lastError).toMatch(/550/);

    const busy = await server(451);
    const b = smtpMailer(db, busy.port, { MAIL_RETRY_BASE_MS: 3_600_000 });
    await b.send(mail('later@example.com'));
    await b.stop();
    const retried = await rowOf(db, 'later@example.com');
    expect(retried.attempts).toBe(1);
    expect(retried.parkedAt).toBeNull();
    expect(retried.sentAt).toBeNull();
    expect(retried.lastError).toMatch(/451/);
    // The next attempt waits for the backoff (an hour here), so it is not due now.
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it('parks a mail still refused (4xx) at the end of MAIL_RETRY_MAX_HOURS', async () => {
    const db = fresh.database.db;
    const busy = await server(451);
    // A retry window shorter than the first backoff: the first failure already ends it.
    const m = smtpMailer(db, busy.port, { MAIL_RETRY_MAX_HOURS: 1e-7 });
    await m.send(mail('gone@example.com'));
    await m.stop();
    const row = await rowOf(db, 'gone@example.com');
    expect(row.parkedAt).toBeInstanceOf(Date);
    expect(row.lastError).toMatch(/451/);
  });

  it('delivers each mail once when two nodes share one database', async () => {
    const relay = await server();
    // On PostgreSQL the second node has its own connection pool; PGlite has one connection.
    const other: Database = fresh.url ? await openDatabase({ url: fresh.url }) : fresh.database;
    const a = smtpMailer(fresh.database.db, relay.port);
    const b = smtpMailer(other.db, relay.port);
    try {
      const recipients = Array.from({ length: 25 }, (_, i) => `node${i}@example.com`);
      for (const to of recipients) await a.enqueue(fresh.database.db, mail(to, `Mail to ${to}`));
      await Promise.all([a.kick(), b.kick(), a.kick(), b.kick()]);
      for (const to of recipients) {
        const got = mailsIn(relay.dir, to).filter((r) => r.to.toLowerCase() === to);
        expect(got.map((r) => r.subject)).toEqual([`Mail to ${to}`]);
        const row = await rowOf(fresh.database.db, to);
        expect(row.attempts).toBe(1);
        expect(row.sentAt).toBeInstanceOf(Date);
      }
    } finally {
      await a.stop();
      await b.stop();
      if (other !== fresh.database) await other.close();
    }
  });

  it('prunes sent mail older than MAIL_KEEP_DAYS and keeps the rest', async () => {
    const db = fresh.database.db;
    const relay = await server();
    const m = smtpMailer(db, relay.port, { MAIL_KEEP_DAYS: 2 });
    try {
      await m.send(mail('old@example.com'));
      await m.send(mail('new@example.com'));
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(Date.now() - 3 * 86_400_000) })
        .where(eq(mailOutbox.recipient, 'old@example.com'));
      expect(await m.prune()).toBe(1);
      const left = await db.select({ to: mailOutbox.recipient }).from(mailOutbox);
      expect(left.map((r) => r.to)).not.toContain('old@example.com');
      expect(left.map((r) => r.to)).toContain('new@example.com');
      // Parked and pending rows are never pruned.
      expect(left.map((r) => r.to)).toEqual(
        expect.arrayContaining(['nobody@example.com', 'later@example.com']),
      );
    } finally {
      await m.stop();
    }
  });
});
