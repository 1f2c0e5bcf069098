/**
 * The dispatcher turns committed domain events into notifications and pushes.
 *
 * One round, in ONE transaction: claim up to 100 due events (undispatched, not parked, past
 * their next_attempt_at; `for update skip locked`, so several nodes share the work without
 * taking the same event), insert the notifications they call for (and present them for the
 * sockets: one query for their authors), set their dispatched_at. Only after that commit is
 * anything emitted, without another query for notifications: `me:changed` to users whose record
 * changed (then their sockets of the wrong kind close: those with access of a user who lost it,
 * the limited ones of a user who gained it), the new notifications to their recipients, then the
 * data rooms' signals (handlers.ts: one handler per event kind). `kick()` runs rounds until none is left
 * (requests call it after their transaction committed); a sweep every few seconds picks up events
 * left by a crash and those due for a retry, and prunes old dispatched events.
 *
 * A failing event never holds back the others: a handler that throws fails that event alone,
 * and when the batch's notification insert fails (in a savepoint) each event's insert is retried
 * in its own savepoint, so only the faulty one fails. A failed event gets attempts + 1, its
 * error, and next_attempt_at = now + EVENTS_RETRY_BASE_MS × 2^(attempts − 1) (at most an hour);
 * after EVENTS_MAX_ATTEMPTS failures it is parked (parked_at) and never claimed again.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Notification } from '@atelier/shared';
import type { FastifyBaseLogger } from 'fastify';
import { stateOf } from '../auth/access.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  domainEvents,
  mailOutbox,
  notificationPreferences,
  notifications,
  user,
  type NotificationRow,
} from '../db/schema/index.ts';
import type { Metrics } from '../lib/metrics.ts';
import { createDrainer } from '../lib/drain.ts';
import { overloadOf } from '../lib/overload.ts';
import { queryRows } from '../lib/sql.ts';
import type { LiveEmitter } from './emitter.ts';
import type { DomainEvent } from './events.ts';
import { renderNotice } from '../mail/notices.ts';
import {
  mailOf,
  notificationOf,
  pushesOf,
  userChangesOf,
  type MailIntent,
  type NewNotification,
  type Push,
} from './handlers.ts';

export const DISPATCH_BATCH = 100;
export const SWEEP_MS = 5_000;
/** After the database was too busy (pool wait timed out), the next try comes this soon. */
export const BUSY_RETRY_MS = 1_000;
/** The longest wait between two attempts of a failing event. */
export const MAX_RETRY_MS = 3_600_000;
/** Dispatched events deleted per statement by the sweep's pruning (bounded batches). */
export const PRUNE_BATCH = 1_000;
/** At most this many pruning batches per sweep. */
export const PRUNE_BATCHES_PER_SWEEP = 10;

export { notificationOf, pushesOf, userChangesOf } from './handlers.ts';

export interface Dispatcher {
  /** Dispatches what is pending now; resolves when nothing is left (coalesces concurrent calls). */
  kick(): Promise<void>;
  /** Deletes dispatched events older than `keepDays` (bounded batches); returns how many. */
  prune(): Promise<number>;
  /** Stops the sweep and waits for the round in flight. */
  stop(): Promise<void>;
}

export interface RetryPolicy {
  /** Failures after which an event is parked. */
  maxAttempts: number;
  /** The wait after the first failure, doubled after each further one. */
  baseMs: number;
}

export interface DispatcherOptions {
  db: Db;
  emitter: () => LiveEmitter;
  log: FastifyBaseLogger;
  sweepMs?: number;
  retry?: RetryPolicy;
  /** Dispatched events older than this are pruned by the sweep. */
  keepDays?: number;
  metrics?: Pick<Metrics, 'dispatchLag' | 'eventFailures'>;
  /** Told of each changed user after commit (drops their cached sessions: auth/session-cache.ts). */
  onUserChanged?: (userId: string) => void;
  /**
   * Told of the events of each committed round and of the users it created notifications for
   * (drops the payloads they touched and those users' lists: lib/payload-cache.ts).
   */
  onDispatched?: (events: DomainEvent[], notified: string[]) => void;
  /**
   * Mails of events (handlers.ts `mailOf`): written to the mail outbox in the round's transaction,
   * with links on `baseUrl`; `queued` is called after the commit of a round that wrote some (it
   * kicks the outbox). Without it no mail is written.
   */
  mail?: { baseUrl: string; queued: () => void };
  /**
   * Shapes the notification rows a round created for their recipients' sockets: the notifications
   * feature's presenter, handed in by the app (the live layer does not reach into features).
   */
  presentNotifications: NotificationPresenter;
}

export type NotificationPresenter = (db: Tx, rows: NotificationRow[]) => Promise<Notification[]>;

interface Round {
  claimed: number;
  /** Mails written to the outbox. */
  mailed: number;
  created: NotificationRow[];
  /** The created rows as their recipients' sockets receive them (presented in the round). */
  presented: Notification[];
  /** userId → claimsModifiedTimestamp, for `me:changed`. */
  userChanges: Map<string, string>;
  pushes: Push[];
  /** The events dispatched (not failed) in the round. */
  events: DomainEvent[];
  /** Seconds from creation to dispatch, for each dispatched event. */
  lags: number[];
  failed: { id: number; type: string; error: string; parked: boolean }[];
}

/** The wait before attempt `attempts + 1` of an event that failed `attempts` times. */
export const retryDelayMs = (policy: RetryPolicy, attempts: number): number =>
  Math.min(policy.baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

const errorText = (err: unknown): string => {
  const message = err instanceof Error ? err.message || err.name : String(err);
  return message.slice(0, 2_000);
};

interface Claimed {
  id: number;
  type: string;
  attempts: number;
  lag: number;
  event: DomainEvent;
}

/** One round: claims, derives, marks — one transaction. Returns the batch size and the new rows. */
async function dispatchRound(
  db: Db,
  policy: RetryPolicy,
  mail: DispatcherOptions['mail'],
  present: NotificationPresenter,
): Promise<Round> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{
      id: string | number;
      type: string;
      actor_id: string | null;
      data: unknown;
      attempts: number;
      lag: string | number;
    }>(
      tx,
      sql`select id, type, actor_id, data, attempts,
                 extract(epoch from (clock_timestamp() - created_at)) as lag
          from ${domainEvents}
          where dispatched_at is null and parked_at is null
            and (next_attempt_at is null or next_attempt_at <= now())
          order by id limit ${DISPATCH_BATCH} for update skip locked`,
    );
    const empty: Round = {
      claimed: 0,
      mailed: 0,
      created: [],
      presented: [],
      userChanges: new Map(),
      pushes: [],
      events: [],
      lags: [],
      failed: [],
    };
    if (rows.length === 0) return empty;
    const claimed: Claimed[] = rows.map((e) => ({
      id: Number(e.id),
      type: e.type,
      attempts: e.attempts,
      lag: Math.max(0, Number(e.lag)),
      event: { type: e.type, actorId: e.actor_id, data: e.data } as DomainEvent,
    }));
    const failures = new Map<number, unknown>();
    // Each event's handlers on their own: one that throws fails that event alone.
    const derived: { c: Claimed; row: NewNotification | null; mail: MailIntent | null }[] = [];
    for (const c of claimed) {
      try {
        const row = notificationOf(c.event);
        pushesOf([c.event]);
        userChangesOf([c.event]);
        derived.push({ c, row, mail: mail ? mailOf(c.event) : null });
      } catch (err) {
        failures.set(c.id, err);
      }
    }
    // Mails are rendered first (a template that throws fails its event before anything of it is
    // written) and inserted with the round: a failing insert rolls the whole round back.
    const mailRows: { eventId: number; row: typeof mailOutbox.$inferInsert }[] = [];
    const intents = derived.flatMap((d) => (d.mail ? [{ c: d.c, intent: d.mail }] : []));
    if (mail && intents.length > 0) {
      const ids = [...new Set(intents.map((d) => d.intent.recipientId))];
      const people = new Map(
        (
          await tx
            .select({
              id: user.id,
              email: user.email,
              username: user.username,
              language: user.language,
            })
            .from(user)
            .where(inArray(user.id, ids))
        ).map((p) => [p.id, p]),
      );
      for (const { c, intent } of intents) {
        const person = people.get(intent.recipientId);
        if (!person) continue; // deleted since: nobody to write to
        try {
          const notice = renderNotice(
            intent.kind,
            person.language,
            { ...intent.vars, username: person.username },
            mail.baseUrl,
          );
          mailRows.push({
            eventId: c.id,
            row: {
              recipient: person.email,
              subject: notice.subject,
              text: notice.text,
              html: notice.html,
              link: notice.link,
            },
          });
        } catch (err) {
          failures.set(c.id, err);
        }
      }
    }
    // A type the recipient switched off is not created (the event is still dispatched).
    const wanted = derived.flatMap((d) =>
      d.row && !failures.has(d.c.id) ? [{ ...d, row: d.row }] : [],
    );
    const off = await switchedOff(
      tx,
      wanted.map((d) => d.row.recipientId),
    );
    const kept = wanted.filter((d) => !off.has(`${d.row.recipientId}\u0000${d.row.type}`));
    const plain = kept.filter((d) => !d.row.groupKey);
    const created: NotificationRow[] = [];
    if (plain.length > 0) {
      try {
        // One insert for the batch, in a savepoint: a failure does not abort the round.
        created.push(
          ...(await tx.transaction((sp) =>
            sp
              .insert(notifications)
              .values(plain.map((d) => d.row))
              .returning(),
          )),
        );
      } catch {
        // Some row is refused: each event's row in its own savepoint, to find the faulty ones.
        for (const d of plain) {
          try {
            created.push(
              ...(await tx.transaction((sp) => sp.insert(notifications).values(d.row).returning())),
            );
          } catch (err) {
            failures.set(d.c.id, err);
          }
        }
      }
    }
    // Grouped ones (likes): folded into the recipient's undismissed one of the same item, each in
    // its own savepoint (two likes of one item in a batch update the same row in turn).
    for (const d of kept.filter((k) => k.row.groupKey)) {
      try {
        const [row] = await tx.transaction((sp) => upsertGrouped(sp, d.row));
        if (row) created.push(row);
      } catch (err) {
        failures.set(d.c.id, err);
      }
    }
    // Only the mails of events that did not fail (a failed one is retried whole).
    const mails = mailRows.flatMap((m) => (failures.has(m.eventId) ? [] : [m.row]));
    if (mails.length > 0) await tx.insert(mailOutbox).values(mails);
    const mailed = mails.length;
    const done = claimed.filter((c) => !failures.has(c.id));
    if (done.length > 0) {
      await tx
        .update(domainEvents)
        .set({ dispatchedAt: sql`now()` })
        .where(
          inArray(
            domainEvents.id,
            done.map((c) => c.id),
          ),
        );
    }
    const failed: Round['failed'] = [];
    for (const c of claimed) {
      if (!failures.has(c.id)) continue;
      const attempts = c.attempts + 1;
      const parked = attempts >= policy.maxAttempts;
      const error = errorText(failures.get(c.id));
      await tx
        .update(domainEvents)
        .set({
          attempts,
          lastError: error,
          nextAttemptAt: parked
            ? null
            : sql`now() + make_interval(secs => ${retryDelayMs(policy, attempts) / 1000})`,
          parkedAt: parked ? sql`now()` : null,
        })
        .where(eq(domainEvents.id, c.id));
      failed.push({ id: c.id, type: c.type, error, parked });
    }
    const ok = derived.filter((d) => !failures.has(d.c.id));
    // Presented here, in the round's transaction (one query for all their authors): after the
    // commit the pushes go out without another database round trip.
    const presented = await present(tx, created);
    return {
      claimed: claimed.length,
      mailed,
      created,
      presented,
      userChanges: userChangesOf(ok.map((d) => d.c.event)),
      pushes: pushesOf(ok.map((d) => d.c.event)),
      events: ok.map((d) => d.c.event),
      lags: done.map((c) => c.lag),
      failed,
    };
  });
}

/** `recipientId \0 type` of the types these recipients switched off. */
async function switchedOff(tx: Tx, recipientIds: string[]): Promise<Set<string>> {
  if (recipientIds.length === 0) return new Set();
  const rows = await tx
    .select({ userId: notificationPreferences.userId, type: notificationPreferences.type })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, [...new Set(recipientIds)]),
        eq(notificationPreferences.enabled, false),
      ),
    );
  return new Set(rows.map((r) => `${r.userId}\u0000${r.type}`));
}

/**
 * Inserts a grouped notification, or folds it into the recipient's undismissed one with the same
 * key: the new actor becomes its author (and the last of its actors, each actor once), and it
 * moves to the top (its time is now).
 */
function upsertGrouped(tx: Tx, row: NewNotification) {
  return tx
    .insert(notifications)
    .values({ ...row, actorIds: [row.authorId] })
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.groupKey],
      targetWhere: sql`not ${notifications.dismissed} and ${notifications.groupKey} is not null`,
      set: {
        authorId: sql`excluded.author_id`,
        actorIds: sql`array_append(array_remove(${notifications.actorIds}, excluded.author_id), excluded.author_id)`,
        content: sql`excluded.content`,
        postTitle: sql`excluded.post_title`,
        createdAt: sql`now()`,
      },
    })
    .returning();
}

/** Deletes up to `limit` dispatched events older than `keepDays`; returns how many. */
async function pruneBatch(db: Db, keepDays: number, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`delete from ${domainEvents} where id in (
          select id from ${domainEvents}
          where dispatched_at is not null
            and dispatched_at < now() - make_interval(secs => ${keepDays * 86_400})
          limit ${limit} for update skip locked)
        returning id`,
  );
  return rows.length;
}

/**
 * `me:changed` to every tab of each changed user (tabs with or without access: a pending,
 * rejected or banned user keeps a limited socket); then the sockets of the wrong kind close: those
 * opened with access when the user lost it (banned, access removed), those opened without access
 * when the user gained it (approved, unbanned) — the message goes out first, so the tab refetches
 * its user, the guard moves it, and it opens a socket of the right kind. An unverified or deleted
 * user keeps nothing.
 */
async function emitUserChanges(db: Db, out: LiveEmitter, changes: Map<string, string>) {
  if (changes.size === 0) return;
  for (const [userId, claimsModifiedTimestamp] of changes) {
    out.toUser(userId, 'me:changed', { claimsModifiedTimestamp });
  }
  const rows = await db
    .select({ id: user.id, emailVerified: user.emailVerified, roles: user.roles })
    .from(user)
    .where(inArray(user.id, [...changes.keys()]));
  const present = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const state = stateOf(row);
    if (state === 'member' || state === 'moderator') out.disconnectUserKind(row.id, 'limited');
    else if (state === 'banned' || state === 'noAccess') out.disconnectUserKind(row.id, 'access');
    else out.disconnectUser(row.id);
  }
  // A deleted user keeps nothing either.
  for (const userId of changes.keys()) if (!present.has(userId)) out.disconnectUser(userId);
}

export function createDispatcher({
  db,
  emitter,
  log,
  sweepMs = SWEEP_MS,
  retry: policy = { maxAttempts: 8, baseMs: 5_000 },
  keepDays = 7,
  metrics,
  onUserChanged,
  onDispatched,
  mail,
  presentNotifications,
}: DispatcherOptions): Dispatcher {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const drainer = createDrainer({
    size: DISPATCH_BATCH,
    stopped: () => stopped,
    batch: async () => {
      const round = await dispatchRound(db, policy, mail, presentNotifications);
      if (round.mailed > 0) mail?.queued();
      for (const lag of round.lags) metrics?.dispatchLag.observe(lag);
      for (const f of round.failed) {
        metrics?.eventFailures.inc({ outcome: f.parked ? 'parked' : 'retried' });
        const data = { eventId: f.id, eventType: f.type, error: f.error };
        if (f.parked) log.error(data, 'live: domain event parked after repeated failures');
        else log.warn(data, 'live: domain event failed; it will be retried');
      }
      // Committed: now the users concerned may hear of it.
      const out = emitter();
      for (const userId of round.userChanges.keys()) onUserChanged?.(userId);
      if (round.events.length > 0) {
        onDispatched?.(round.events, [...new Set(round.created.map((n) => n.recipientId))]);
      }
      await emitUserChanges(db, out, round.userChanges);
      // Each recipient's notification before the data rooms' signals: a room such as `home` holds
      // every socket with access, and a user's message queued behind that broadcast would wait
      // for it (the room signals are hints to refetch; nothing orders them after a notification).
      for (const n of round.presented) out.toUser(n.recipientId, 'notification:new', n);
      for (const p of round.pushes) out.toRoom(p.room, p.event, p.payload);
      return round.claimed;
    },
    onError: (err) => {
      // The dispatcher does not pass the request gate, but on PostgreSQL it can still wait
      // too long for a connection: not an error, just try again soon (the events stay pending).
      if (overloadOf(err)) {
        log.warn({ err }, 'live: database busy, dispatching again shortly');
        retry ??= setTimeout(() => {
          retry = undefined;
          void kick();
        }, BUSY_RETRY_MS);
        retry.unref();
        return;
      }
      log.error({ err }, 'live: dispatching domain events failed (the sweep retries)');
    },
  });
  const kick = () => drainer.kick();

  const prune = async (): Promise<number> => {
    let total = 0;
    for (let i = 0; i < PRUNE_BATCHES_PER_SWEEP && !stopped; i++) {
      const n = await pruneBatch(db, keepDays, PRUNE_BATCH);
      total += n;
      if (n < PRUNE_BATCH) break;
    }
    return total;
  };

  let pruning: Promise<unknown> | undefined;
  const sweep = () => {
    void kick();
    pruning ??= prune()
      .catch((err: unknown) => {
        if (!overloadOf(err)) log.warn({ err }, 'live: pruning dispatched events failed');
      })
      .finally(() => {
        pruning = undefined;
      });
  };

  const timer = setInterval(sweep, sweepMs);
  timer.unref();

  return {
    kick,
    prune,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retry);
      await drainer.running();
      await pruning;
    },
  };
}
