/** The admission gate: bounded holders, bounded FIFO queue, bounded wait; the overload error. */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { needsAdmission } from '../plugins/admission.ts';
import { AdmissionGate, OverloadedError, overloadOf, type Release } from './overload.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Settles pending promise callbacks. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('AdmissionGate', () => {
  it('admits maxActive at once, queues maxQueue more, refuses the rest at once', async () => {
    const gate = new AdmissionGate({ maxActive: 2, maxQueue: 2, timeoutMs: 60_000 });
    const a = await gate.acquire();
    const b = await gate.acquire();
    const order: string[] = [];
    const c = gate.acquire().then((r) => (order.push('c'), r));
    const d = gate.acquire().then((r) => (order.push('d'), r));
    expect(gate.stats).toEqual({ active: 2, waiting: 2, refused: 0 });

    const refused = await gate.acquire().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(OverloadedError);
    expect(refused).toMatchObject({
      status: 503,
      code: 'errors.overloaded',
      retryAfterSeconds: 60,
    });
    expect(gate.stats).toEqual({ active: 2, waiting: 2, refused: 1 });

    // Slots pass to the waiters in arrival order; a second release of the same slot is nothing.
    a();
    a();
    await flush();
    expect(order).toEqual(['c']);
    expect(gate.stats).toMatchObject({ active: 2, waiting: 1 });
    b();
    await flush();
    expect(order).toEqual(['c', 'd']);
    for (const release of [await c, await d]) release();
    expect(gate.stats).toEqual({ active: 0, waiting: 0, refused: 1 });
  });

  it('refuses a waiter whose wait runs out, and the queue moves on', async () => {
    vi.useFakeTimers();
    const gate = new AdmissionGate({ maxActive: 1, maxQueue: 5, timeoutMs: 2_500 });
    const held = await gate.acquire();
    const late = gate.acquire();
    const outcome = late.then(
      () => 'admitted',
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(2_500);
    const err = await outcome;
    expect(err).toBeInstanceOf(OverloadedError);
    expect((err as OverloadedError).retryAfterSeconds).toBe(3);
    expect(gate.stats).toEqual({ active: 1, waiting: 0, refused: 1 });

    // The next waiter gets the slot when it is released, well within its wait.
    const next = gate.acquire();
    held();
    const release: Release = await next;
    expect(gate.stats).toMatchObject({ active: 1, waiting: 0 });
    release();
    expect(gate.stats).toMatchObject({ active: 0 });
  });

  it('with no queue, a full gate refuses at once', async () => {
    const gate = new AdmissionGate({ maxActive: 1, maxQueue: 0, timeoutMs: 1_000 });
    const held = await gate.acquire();
    await expect(gate.acquire()).rejects.toBeInstanceOf(OverloadedError);
    held();
    (await gate.acquire())();
    expect(gate.stats).toEqual({ active: 0, waiting: 0, refused: 1 });
  });
});

describe('overloadOf', () => {
  it("recognises the pg pool's wait timeout however wrapped, and nothing else", () => {
    // pg-pool's own error, as Drizzle wraps it.
    const poolTimeout = new Error('timeout exceeded when trying to connect');
    const wrapped = new DrizzleQueryError('select 1', [], poolTimeout);
    expect(overloadOf(wrapped, 5)).toMatchObject({ status: 503, retryAfterSeconds: 5 });
    expect(overloadOf(new Error('outer', { cause: wrapped }))).toBeInstanceOf(OverloadedError);
    const own = new OverloadedError(7);
    expect(overloadOf(new Error('outer', { cause: own }))).toBe(own);

    expect(overloadOf(new Error('duplicate key value'))).toBeUndefined();
    expect(
      overloadOf(new DrizzleQueryError('select 1', [], new Error('syntax error'))),
    ).toBeUndefined();
    expect(overloadOf(undefined)).toBeUndefined();
  });
});

describe('needsAdmission', () => {
  it('gates /api requests but the health check and uploads; nothing outside /api', () => {
    expect(needsAdmission('PUT', '/api/posts/p1/like')).toBe(true);
    expect(needsAdmission('POST', '/api/auth/sign-in/email')).toBe(true);
    expect(needsAdmission('DELETE', '/api/media/m1')).toBe(true);
    expect(needsAdmission('GET', '/api/health')).toBe(false);
    expect(needsAdmission('GET', '/api/health?deep=1')).toBe(false);
    expect(needsAdmission('POST', '/api/media')).toBe(false);
    expect(needsAdmission('GET', '/')).toBe(false);
    expect(needsAdmission('GET', '/media/abc.webp')).toBe(false);
  });
});
