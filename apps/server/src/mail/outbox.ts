/**
 * The mail outbox: no mail is lost when the relay is down.
 *
 * - Sending inserts a row into `mail_outbox` (in the caller's transaction when it passes one) and
 *   then delivers it: `send()` (no transaction of the caller) inserts, delivers that row at once
 *   and waits for the attempt (at most MAIL_SEND_WAIT_MS), so a local install finds its .eml file
 *   when the request answers; `enqueue(tx, mail)` inside a transaction, then `kick()` after commit.
 * - A worker claims due rows with `for update skip locked` in a short transaction that moves the
 *   row a lease ahead (LEASE_MS) and counts the attempt, so several nodes sharing one database
 *   never take the same row, and a node that dies mid-delivery leaves it to be retried when the
 *   lease ends. The delivery itself runs outside any transaction.
 * - Delivered → sent_at. A temporary failure (connection refused, timeout, 4xx) → last_error and
 *   the next try after MAIL_RETRY_BASE_MS × 4^(attempts−1) (30 s, 2 min, 8 min, 32 min, … at most
 *   6 h apart), until MAIL_RETRY_MAX_HOURS after the mail was written; then, or at once on a
 *   permanent 5xx refusal, the row is parked with its error and logged at error level
 *   (`npm run admin -- mail` lists and re-queues them).
 * - A sweep every MAIL_SWEEP_MS delivers what is due (so a restart resumes) and deletes rows sent
 *   more than MAIL_KEEP_DAYS ago. `stop()` ends the sweep and waits for the deliveries in flight.
 */
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { createDrainer } from '../lib/drain.ts';
import { overloadOf } from '../lib/overload.ts';
import { queryRows } from '../lib/sql.ts';
import { isPermanentFailure, type Mail, type MailTransport } from './transport.ts';

export type { Mail } from './transport.ts';

/** Rows one claim takes. */
export const CLAIM_BATCH = 10;
/** A claimed row is left alone this long (longer than any SMTP conversation's timeouts). */
export const LEASE_MS = 5 * 60_000;
/** The longest pause between two attempts of one mail. */
export const MAX_RETRY_DELAY_MS = 6 * 3_600_000;

export type OutboxSettings = Pick<
  Config,
  | 'MAIL_RETRY_BASE_MS'
  | 'MAIL_RETRY_MAX_HOURS'
  | 'MAIL_KEEP_DAYS'
  | 'MAIL_SWEEP_MS'
  | 'MAIL_SEND_WAIT_MS'
>;

export interface Mailer {
  /** Writes the mail to the outbox and delivers it now (waits at most MAIL_SEND_WAIT_MS). */
  send(mail: Mail): Promise<void>;
  /** Writes the mail to the outbox in `tx`; call `kick()` after the commit. Returns the row id. */
  enqueue(tx: Tx, mail: Mail): Promise<number>;
  /** Delivers every due row; resolves when none is left (coalesces concurrent calls). */
  kick(): Promise<void>;
  /** Deletes the rows sent more than MAIL_KEEP_DAYS ago; returns how many. */
  prune(): Promise<number>;
  /** Stops the sweep, waits for the deliveries in flight, closes the transport. */
  stop(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  transport: MailTransport;
  settings: OutboxSettings;
  log: FastifyBaseLogger;
}

interface ClaimedRow extends Record<string, unknown> {
  id: string | number;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  link: string;
  attempts: number;
  created_at: string | Date;
}

/** The pause before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  return Math.min(baseMs * 4 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 1000);
}

export function createMailer({ db, transport, settings, log }: MailerOptions): Mailer {
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryAt = Infinity;
  const inFlight = new Set<Promise<unknown>>();

  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  };

  /** Claims up to `limit` due rows (or the row `id` if it is due) for this node. */
  const claim = (limit: number, id?: number): Promise<ClaimedRow[]> =>
    db.transaction((tx) =>
      queryRows<ClaimedRow>(
        tx,
        sql`update ${mailOutbox}
            set attempts = attempts + 1,
                next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval
            where id in (
              select id from ${mailOutbox}
              where sent_at is null and parked_at is null and next_attempt_at <= now()
                ${id === undefined ? sql`` : sql`and id = ${id}`}
              order by next_attempt_at, id
              limit ${limit}
              for update skip locked)
            returning id, recipient, subject, text, html, link, attempts, created_at`,
      ),
    );

  /** Wakes the worker for an early retry (a sweep longer than the backoff would be late). */
  const scheduleRetry = (delayMs: number) => {
    if (stopped || delayMs >= settings.MAIL_SWEEP_MS) return;
    const at = Date.now() + delayMs;
    if (retryTimer && retryAt <= at) return;
    clearTimeout(retryTimer);
    retryAt = at;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      retryAt = Infinity;
      void kick();
    }, delayMs);
    retryTimer.unref();
  };

  const deliverRow = async (row: ClaimedRow): Promise<void> => {
    const id = Number(row.id);
    const mail: Mail = {
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      link: row.link,
    };
    try {
      await transport.deliver(mail);
    } catch (err) {
      const error = errorText(err);
      const age = Date.now() - new Date(row.created_at).getTime();
      const maxAge = settings.MAIL_RETRY_MAX_HOURS * 3_600_000;
      const delay = Math.min(retryDelayMs(settings.MAIL_RETRY_BASE_MS, row.attempts), maxAge - age);
      const permanent = isPermanentFailure(err);
      if (permanent || delay <= 0) {
        await db
          .update(mailOutbox)
          .set({ lastError: error, parkedAt: sql`now()` })
          .where(eq(mailOutbox.id, id));
        log.error(
          { err, mailId: id, to: mail.to, subject: mail.subject, attempts: row.attempts },
          permanent
            ? 'mail refused permanently: parked (npm run admin -- mail)'
            : `mail not delivered after ${settings.MAIL_RETRY_MAX_HOURS} h of retries: parked (npm run admin -- mail)`,
        );
        return;
      }
      await db
        .update(mailOutbox)
        .set({
          lastError: error,
          nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
        })
        .where(eq(mailOutbox.id, id));
      log.warn(
        { err, mailId: id, to: mail.to, attempts: row.attempts, retryInMs: delay },
        'mail not delivered: will retry',
      );
      scheduleRetry(delay);
      return;
    }
    await db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, lastError: null })
      .where(eq(mailOutbox.id, id));
  };

  const drainer = createDrainer({
    size: CLAIM_BATCH,
    stopped: () => stopped,
    batch: async () => {
      const rows = await claim(CLAIM_BATCH);
      for (const row of rows) await deliverRow(row);
      return rows.length;
    },
    onError: (err) => {
      if (overloadOf(err)) {
        log.warn({ err }, 'mail: database busy, delivering again shortly');
        scheduleRetry(1_000);
        return;
      }
      log.error({ err }, 'mail: delivering the outbox failed (the sweep retries)');
    },
  });
  const kick = (): Promise<void> => (drainer.running() ? drainer.kick() : track(drainer.kick()));

  const prune = async (): Promise<number> => {
    const deleted = await db
      .delete(mailOutbox)
      .where(
        and(
          isNotNull(mailOutbox.sentAt),
          lt(mailOutbox.sentAt, sql`now() - ${`${settings.MAIL_KEEP_DAYS} days`}::interval`),
        ),
      )
      .returning({ id: mailOutbox.id });
    return deleted.length;
  };

  const enqueue = async (tx: Tx, mail: Mail): Promise<number> => {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        link: mail.link,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    return row.id;
  };

  /** Delivers the row `id` now if no other worker took it; never throws (the row is kept). */
  const deliverNow = (id: number): Promise<void> =>
    track(
      (async () => {
        if (stopped) return;
        const [row] = await claim(1, id);
        if (row) await deliverRow(row);
      })().catch((err: unknown) => {
        log.error({ err, mailId: id }, 'mail: delivery failed (the sweep retries)');
      }),
    );

  const sweep = setInterval(() => {
    void kick();
    prune().catch((err: unknown) => log.warn({ err }, 'mail: pruning sent mail failed'));
  }, settings.MAIL_SWEEP_MS);
  sweep.unref();

  return {
    async send(mail) {
      const id = await enqueue(db, mail);
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, settings.MAIL_SEND_WAIT_MS);
        timer.unref();
      });
      try {
        await Promise.race([deliverNow(id), waited]);
      } finally {
        clearTimeout(timer);
      }
    },
    enqueue,
    kick,
    prune,
    async stop() {
      stopped = true;
      clearInterval(sweep);
      clearTimeout(retryTimer);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}

/** Rows of the outbox for the admin command: pending and parked (sent ones are not listed). */
export async function unsentMail(db: Db) {
  return db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      lastError: mailOutbox.lastError,
      parkedAt: mailOutbox.parkedAt,
    })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt))
    .orderBy(mailOutbox.id);
}

/**
 * Puts parked rows (all, or those of `ids`) back in the queue, due now, with a fresh retry window
 * (attempts and created_at start again); returns how many.
 */
export async function requeueParked(db: Db, ids?: number[]): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ parkedAt: null, nextAttemptAt: sql`now()`, attempts: 0, createdAt: sql`now()` })
    .where(
      and(
        isNotNull(mailOutbox.parkedAt),
        isNull(mailOutbox.sentAt),
        ids ? inArray(mailOutbox.id, ids) : undefined,
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}
