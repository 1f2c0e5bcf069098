/**
 * The dispatcher turns committed domain events into notifications and pushes.
 *
 * One round, in ONE transaction: claim up to 100 undispatched events (`for update skip locked`,
 * so several nodes share the work without taking the same event), insert the notifications they
 * call for, set their dispatched_at. Only after that commit is anything emitted: `me:changed` to
 * users whose record changed (then their sockets close if they lost access), the data rooms'
 * signals, the new notifications to their recipients (handlers.ts: one handler per event kind). `kick()` runs rounds until none is left (requests call it after their transaction
 * committed); a sweep every few seconds picks up events left by a crash.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { stateOf } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import { domainEvents, notifications, user, type NotificationRow } from '../db/schema/index.ts';
import { presentNotifications } from '../features/notifications/presenter.ts';
import { overloadOf } from '../lib/overload.ts';
import { queryRows } from '../lib/sql.ts';
import type { LiveEmitter } from './emitter.ts';
import type { DomainEvent } from './events.ts';
import { notificationOf, pushesOf, userChangesOf, type Push } from './handlers.ts';

export const DISPATCH_BATCH = 100;
export const SWEEP_MS = 5_000;
/** After the database was too busy (pool wait timed out), the next try comes this soon. */
export const BUSY_RETRY_MS = 1_000;

export { notificationOf, pushesOf, userChangesOf } from './handlers.ts';

export interface Dispatcher {
  /** Dispatches what is pending now; resolves when nothing is left (coalesces concurrent calls). */
  kick(): Promise<void>;
  /** Stops the sweep and waits for the round in flight. */
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Db;
  emitter: () => LiveEmitter;
  log: FastifyBaseLogger;
  sweepMs?: number;
  /** Told of each changed user after commit (drops their cached sessions: auth/session-cache.ts). */
  onUserChanged?: (userId: string) => void;
}

interface Round {
  claimed: number;
  created: NotificationRow[];
  /** userId → claimsModifiedTimestamp, for `me:changed`. */
  userChanges: Map<string, string>;
  pushes: Push[];
}

/** One round: claims, derives, marks — one transaction. Returns the batch size and the new rows. */
async function dispatchRound(db: Db): Promise<Round> {
  return db.transaction(async (tx) => {
    const events = await queryRows<{
      id: string | number;
      type: string;
      actor_id: string | null;
      data: unknown;
    }>(
      tx,
      sql`select id, type, actor_id, data from ${domainEvents}
          where dispatched_at is null order by id limit ${DISPATCH_BATCH} for update skip locked`,
    );
    if (events.length === 0) return { claimed: 0, created: [], userChanges: new Map(), pushes: [] };
    const domain = events.map(
      (e) => ({ type: e.type, actorId: e.actor_id, data: e.data }) as DomainEvent,
    );
    const values = domain.flatMap((e) => {
      const row = notificationOf(e);
      return row ? [row] : [];
    });
    const created =
      values.length > 0 ? await tx.insert(notifications).values(values).returning() : [];
    await tx
      .update(domainEvents)
      .set({ dispatchedAt: sql`now()` })
      .where(
        inArray(
          domainEvents.id,
          events.map((e) => Number(e.id)),
        ),
      );
    return {
      claimed: events.length,
      created,
      userChanges: userChangesOf(domain),
      pushes: pushesOf(domain),
    };
  });
}

/**
 * `me:changed` to every tab of each changed user; then a user who is banned or without access
 * keeps no live socket (the message goes out first, so the tab refetches its user and the guard
 * takes it to /banned).
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
    if (state !== 'member' && state !== 'moderator') out.disconnectUser(row.id);
  }
  // A deleted user keeps nothing either.
  for (const userId of changes.keys()) if (!present.has(userId)) out.disconnectUser(userId);
}

export function createDispatcher({
  db,
  emitter,
  log,
  sweepMs = SWEEP_MS,
  onUserChanged,
}: DispatcherOptions): Dispatcher {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const loop = async () => {
    do {
      again = false;
      let claimed = DISPATCH_BATCH;
      while (!stopped && claimed === DISPATCH_BATCH) {
        const round = await dispatchRound(db);
        claimed = round.claimed;
        // Committed: now the users concerned may hear of it.
        const out = emitter();
        for (const userId of round.userChanges.keys()) onUserChanged?.(userId);
        await emitUserChanges(db, out, round.userChanges);
        for (const p of round.pushes) out.toRoom(p.room, p.event, p.payload);
        if (round.created.length === 0) continue;
        const presented = await presentNotifications(db, round.created);
        for (const n of presented) out.toUser(n.recipientId, 'notification:new', n);
      }
    } while (again && !stopped);
  };

  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((err: unknown) => {
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
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void kick(), sweepMs);
  timer.unref();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retry);
      await running;
    },
  };
}
