/**
 * Events that never stall (issue 10 item 5): a poison event — its handler throws, or its
 * notification cannot be inserted — fails alone, is retried with backoff, then parked; the other
 * events of its batch are dispatched in the same kick. Dispatched events are pruned after
 * EVENTS_KEEP_DAYS.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, notifications } from '../src/db/schema/index.ts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { queryRows } from '../src/lib/sql.ts';
import { createAuthTestApp, createUser, type TestUser } from './factories.ts';
import type { TestApp } from './helpers.ts';

const BASE_MS = 60_000;
const MAX_ATTEMPTS = 3;
const TOKEN = 'metrics-token-for-the-event-retries-test';

type EventState = {
  id: number;
  attempts: number;
  dispatched: boolean;
  parked: boolean;
  last_error: string | null;
  /** Seconds from now to next_attempt_at (null when none). */
  wait: number | null;
};

describe('domain events that fail', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp(
      {},
      {
        env: {
          EVENTS_RETRY_BASE_MS: String(BASE_MS),
          EVENTS_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
          METRICS_TOKEN: TOKEN,
        },
      },
    );
    alice = await createUser(t);
    bob = await createUser(t);
    await t.app.live.kick();
  });
  afterAll(() => t.close());

  const insert = async (type: string, data: unknown, actorId: string | null = bob.id) => {
    const [row] = await t.database.db
      .insert(domainEvents)
      .values({ type, actorId, data: data as Record<string, unknown> })
      .returning({ id: domainEvents.id });
    return row!.id;
  };

  const reply = (recipientId: string, content: string) => ({
    recipientId,
    statusId: '00000000-0000-4000-8000-000000000001',
    replyId: '00000000-0000-4000-8000-000000000002',
    content,
    repliedContent: 'The status',
  });

  const states = async (ids: number[]): Promise<Map<number, EventState>> => {
    const rows = await queryRows<
      Omit<EventState, 'id' | 'wait'> & { id: string | number; wait: string | null }
    >(
      t.database.db,
      sql`select id, attempts, dispatched_at is not null as dispatched,
                 parked_at is not null as parked, last_error,
                 extract(epoch from next_attempt_at - now()) as wait
          from ${domainEvents} where id in ${sql.raw(`(${ids.join(',')})`)}`,
    );
    return new Map(
      rows.map((r) => [
        Number(r.id),
        { ...r, id: Number(r.id), wait: r.wait === null ? null : Number(r.wait) },
      ]),
    );
  };

  /** Time passes: the failed events' next attempt is due now. */
  const makeDue = (ids: number[]) =>
    t.database.db
      .update(domainEvents)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(inArray(domainEvents.id, ids));

  /** Sets columns of the event `id` (to age it, or to make it pending or parked). */
  const setEvent = (id: number, values: PgUpdateSetSource<typeof domainEvents>) =>
    t.database.db.update(domainEvents).set(values).where(eq(domainEvents.id, id));

  const metricsText = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('does not hold back the other events, is retried with backoff, then parked', async () => {
    const before = await insert('statusReply.created', reply(alice.id, 'Before the poison'));
    // The handler throws: `'recipientId' in "poison"` is a TypeError.
    const throws = await insert('statusReply.created', 'poison');
    // The notification insert fails: its recipient does not exist (foreign key).
    const refused = await insert(
      'statusReply.created',
      reply('no-such-user-0000000000000000', 'Nobody'),
    );
    const after = await insert('statusReply.created', reply(alice.id, 'After the poison'));
    const poison = [throws, refused];

    await t.app.live.kick();

    let s = await states([before, throws, refused, after]);
    // The healthy ones went out in the same kick, their notifications with them.
    expect(s.get(before)).toMatchObject({ dispatched: true, attempts: 0 });
    expect(s.get(after)).toMatchObject({ dispatched: true, attempts: 0 });
    const got = await t.database.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(eq(notifications.recipientId, alice.id));
    expect(got.map((n) => n.content).sort()).toEqual(['After the poison', 'Before the poison']);
    // The poison ones failed once, with their error, due again in BASE_MS.
    for (const id of poison) {
      const e = s.get(id)!;
      expect(e).toMatchObject({ dispatched: false, parked: false, attempts: 1 });
      expect(e.last_error).toBeTruthy();
      expect(e.wait).toBeGreaterThan(BASE_MS / 1000 / 2);
      expect(e.wait).toBeLessThanOrEqual(BASE_MS / 1000);
    }
    expect(s.get(refused)!.last_error).toMatch(/foreign key|violates|insert/i);

    // Not due yet: another kick leaves them alone.
    await t.app.live.kick();
    s = await states(poison);
    for (const id of poison) expect(s.get(id)!.attempts).toBe(1);

    // Due: the second failure waits twice as long.
    await makeDue(poison);
    await t.app.live.kick();
    s = await states(poison);
    for (const id of poison) {
      const e = s.get(id)!;
      expect(e).toMatchObject({ attempts: 2, parked: false });
      expect(e.wait).toBeGreaterThan((BASE_MS / 1000) * 1.5);
      expect(e.wait).toBeLessThanOrEqual((BASE_MS / 1000) * 2);
    }

    // The last allowed failure parks them, with their error and no next attempt.
    await makeDue(poison);
    await t.app.live.kick();
    s = await states(poison);
    for (const id of poison) {
      expect(s.get(id)).toMatchObject({ attempts: MAX_ATTEMPTS, parked: true, wait: null });
      expect(s.get(id)!.last_error).toBeTruthy();
    }

    // Parked: never claimed again, and the next events still flow.
    const later = await insert('tag.created', { tagId: '00000000-0000-4000-8000-000000000003' });
    await makeDue(poison);
    await t.app.live.kick();
    s = await states([...poison, later]);
    for (const id of poison) expect(s.get(id)!.attempts).toBe(MAX_ATTEMPTS);
    expect(s.get(later)!.dispatched).toBe(true);

    // The metrics tell of it.
    const text = await metricsText();
    expect(text).toMatch(/^atelier_events_failures_total\{outcome="retried"\} 4$/m);
    expect(text).toMatch(/^atelier_events_failures_total\{outcome="parked"\} 2$/m);
    expect(text).toMatch(/^atelier_events_parked 2$/m);
    expect(text).toMatch(/^atelier_events_pending 0$/m);
    const lagCount = /^atelier_events_dispatch_lag_seconds_count (\d+)$/m.exec(text);
    expect(Number(lagCount?.[1])).toBeGreaterThanOrEqual(3);
  });

  it('pruning deletes only dispatched events older than EVENTS_KEEP_DAYS', async () => {
    const tag = { tagId: '00000000-0000-4000-8000-000000000004' };
    const old = await insert('tag.created', tag);
    const recent = await insert('tag.created', tag);
    const oldPending = await insert('tag.created', tag);
    const oldParked = await insert('tag.created', tag);
    const monthAgo = sql`now() - interval '30 days'`;
    await setEvent(old, { createdAt: monthAgo, dispatchedAt: sql`now() - interval '8 days'` });
    await setEvent(recent, { createdAt: monthAgo, dispatchedAt: sql`now() - interval '6 days'` });
    // Old but never dispatched (a pending event, a parked one): kept.
    const nextAttemptAt = sql`now() + interval '1 hour'`;
    await setEvent(oldPending, { createdAt: monthAgo, nextAttemptAt, attempts: 1 });
    await setEvent(oldParked, { createdAt: monthAgo, parkedAt: sql`now() - interval '20 days'` });

    const deleted = await t.app.live.prune();
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await states([old, recent, oldPending, oldParked]);
    expect(left.has(old)).toBe(false);
    expect(left.has(recent)).toBe(true);
    expect(left.has(oldPending)).toBe(true);
    expect(left.has(oldParked)).toBe(true);
    // Nothing dispatched more than 7 days ago is left anywhere.
    const [count] = await queryRows<{ n: string | number }>(
      t.database.db,
      sql`select count(*) as n from ${domainEvents}
          where dispatched_at < now() - interval '7 days'`,
    );
    expect(Number(count?.n)).toBe(0);
  });
});
