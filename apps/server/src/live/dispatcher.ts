/**
 * The dispatcher turns committed domain events into notifications and pushes.
 *
 * One round, in ONE transaction: claim up to 100 undispatched events (`for update skip locked`,
 * so several nodes share the work without taking the same event), insert the notifications they
 * call for, set their dispatched_at. Only after that commit are the notifications emitted to
 * their recipients' rooms. `kick()` runs rounds until none is left (requests call it after their
 * transaction committed); a sweep every few seconds picks up events left by a crash.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { domainEvents, notifications, type NotificationRow } from '../db/schema/index.ts';
import { presentNotifications } from '../features/notifications/presenter.ts';
import { queryRows } from '../lib/sql.ts';
import type { LiveEmitter } from './emitter.ts';
import type { DomainEvent } from './events.ts';

export const DISPATCH_BATCH = 100;
export const SWEEP_MS = 5_000;

type NewNotification = typeof notifications.$inferInsert;

/** The notification an event calls for, if any (never for one's own action). */
export function notificationOf(event: DomainEvent): NewNotification | null {
  if (!('recipientId' in event.data)) return null;
  if (!event.actorId || event.data.recipientId === event.actorId) return null;
  const base = { recipientId: event.data.recipientId, authorId: event.actorId };
  switch (event.type) {
    case 'comment.created': {
      const d = event.data;
      return {
        ...base,
        type: 'comment',
        postId: d.post.postId,
        postAuthorId: d.post.postAuthorId,
        postTitle: d.post.title,
        commentId: d.commentId,
        content: d.content,
      };
    }
    case 'commentReply.created': {
      const d = event.data;
      return {
        ...base,
        type: 'commentReply',
        postId: d.post.postId,
        postAuthorId: d.post.postAuthorId,
        postTitle: d.post.title,
        commentId: d.commentId,
        replyId: d.replyId,
        content: d.content,
        repliedContent: d.repliedContent,
      };
    }
    case 'statusReply.created': {
      const d = event.data;
      return {
        ...base,
        type: 'statusReply',
        statusId: d.statusId,
        replyId: d.replyId,
        content: d.content,
        repliedContent: d.repliedContent,
      };
    }
    case 'post.removed': {
      const d = event.data;
      return {
        ...base,
        type: 'postRemoval',
        postId: d.post.postId,
        postAuthorId: d.post.postAuthorId,
        postTitle: d.post.title,
        reason: d.reason,
        otherReason: d.otherReason,
      };
    }
    default:
      return null;
  }
}

/** Users whose own record changed in these events (each once, with the newest timestamp). */
export function userChangesOf(events: DomainEvent[]): Map<string, string> {
  const changed = new Map<string, string>();
  for (const event of events) {
    if (event.type !== 'user.changed') continue;
    const prev = changed.get(event.data.userId);
    if (!prev || prev < event.data.claimsModifiedTimestamp) {
      changed.set(event.data.userId, event.data.claimsModifiedTimestamp);
    }
  }
  return changed;
}

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
}

interface Round {
  claimed: number;
  created: NotificationRow[];
  /** userId → claimsModifiedTimestamp, for `me:changed`. */
  userChanges: Map<string, string>;
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
    if (events.length === 0) return { claimed: 0, created: [], userChanges: new Map() };
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
    return { claimed: events.length, created, userChanges: userChangesOf(domain) };
  });
}

export function createDispatcher({
  db,
  emitter,
  log,
  sweepMs = SWEEP_MS,
}: DispatcherOptions): Dispatcher {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const loop = async () => {
    do {
      again = false;
      let claimed = DISPATCH_BATCH;
      while (!stopped && claimed === DISPATCH_BATCH) {
        const round = await dispatchRound(db);
        claimed = round.claimed;
        // Committed: now the users concerned may hear of it.
        const out = emitter();
        for (const [userId, claimsModifiedTimestamp] of round.userChanges) {
          out.toUser(userId, 'me:changed', { claimsModifiedTimestamp });
        }
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
      await running;
    },
  };
}
