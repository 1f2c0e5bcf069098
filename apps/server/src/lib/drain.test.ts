import { describe, expect, it } from 'vitest';
import { createDrainer } from './drain.ts';

/** A queue of numbers the drainer takes `size` at a time. */
function queue(size: number) {
  const items: number[] = [];
  const batches: number[][] = [];
  let stopped = false;
  let gate: Promise<void> = Promise.resolve();
  const drainer = createDrainer({
    size,
    stopped: () => stopped,
    batch: async () => {
      await gate;
      const taken = items.splice(0, size);
      batches.push(taken);
      return taken.length;
    },
    onError: () => {},
  });
  return {
    items,
    batches,
    drainer,
    stop: () => (stopped = true),
    hold: () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = Promise.resolve();
        open();
      };
    },
  };
}

describe('createDrainer', () => {
  it('takes batches until one comes back short', async () => {
    const q = queue(2);
    q.items.push(1, 2, 3, 4, 5);
    await q.drainer.kick();
    expect(q.batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(q.drainer.running()).toBeUndefined();
  });

  it('coalesces kicks during a pass into exactly one more pass', async () => {
    const q = queue(10);
    q.items.push(1);
    const release = q.hold();
    const first = q.drainer.kick();
    q.items.push(2);
    const second = q.drainer.kick();
    const third = q.drainer.kick();
    expect(second).toBe(first);
    expect(third).toBe(first);
    release();
    await first;
    // The first pass took 1 and 2 (both queued before its batch ran); the kicks asked for one
    // more pass, which found the queue empty.
    expect(q.batches).toEqual([[1, 2], []]);
  });

  it('reports a failed pass and can run again', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const drainer = createDrainer({
      size: 5,
      stopped: () => false,
      batch: () => (fail ? Promise.reject(new Error('database busy')) : Promise.resolve(0)),
      onError: (err) => errors.push(err),
    });
    await drainer.kick();
    expect(errors).toHaveLength(1);
    fail = false;
    await drainer.kick();
    expect(errors).toHaveLength(1);
  });

  it('starts nothing once stopped', async () => {
    const q = queue(2);
    q.items.push(1);
    q.stop();
    await q.drainer.kick();
    expect(q.batches).toEqual([]);
  });
});
