/**
 * Overload protection: a bounded admission gate in front of the database, and the one error a
 * refusal becomes (503 `errors.overloaded` with `Retry-After`).
 *
 * At most `maxActive` holders at once; at most `maxQueue` waiting for a slot, each for at most
 * `timeoutMs`. A caller beyond the queue, or whose wait runs out, gets an OverloadedError at once
 * instead of waiting minutes for the pool or the single embedded connection. Slots are handed
 * over in arrival order (FIFO).
 */
import { AppError } from './errors.ts';

export class OverloadedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'errors.overloaded', 'The server is busy. Please try again in a moment.');
  }
}

export interface GateOptions {
  /** Holders at once (≥ 1). */
  maxActive: number;
  /** Callers that may wait for a slot (0: none waits, a full gate refuses at once). */
  maxQueue: number;
  /** Longest wait for a slot, in ms. */
  timeoutMs: number;
  /** Retry-After of a refusal, in seconds (default: the timeout rounded up, at least 1). */
  retryAfterSeconds?: number;
}

export interface GateStats {
  active: number;
  waiting: number;
  /** Refusals since the gate was made (full queue or wait timed out). */
  refused: number;
}

/** Gives the slot back; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  resolve: (release: Release) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export class AdmissionGate {
  private active = 0;
  private refused = 0;
  private readonly queue: Waiter[] = [];
  readonly retryAfterSeconds: number;

  constructor(private readonly options: GateOptions) {
    if (!(options.maxActive >= 1)) throw new Error('AdmissionGate: maxActive must be at least 1');
    this.retryAfterSeconds =
      options.retryAfterSeconds ?? Math.max(1, Math.ceil(options.timeoutMs / 1000));
  }

  get stats(): GateStats {
    return { active: this.active, waiting: this.queue.length, refused: this.refused };
  }

  /** A release when a slot is free now (no promise, no wait), else undefined. */
  tryAcquire(): Release | undefined {
    if (this.active >= this.options.maxActive) return undefined;
    this.active += 1;
    return this.releaser();
  }

  /** Resolves with a release once a slot is ours; rejects with OverloadedError when refused. */
  acquire(): Promise<Release> {
    const free = this.tryAcquire();
    if (free) return Promise.resolve(free);
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(this.refuse());
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const at = this.queue.indexOf(waiter);
          if (at >= 0) this.queue.splice(at, 1);
          reject(this.refuse());
        }, this.options.timeoutMs),
      };
      this.queue.push(waiter);
    });
  }

  private refuse(): OverloadedError {
    this.refused += 1;
    return new OverloadedError(this.retryAfterSeconds);
  }

  private releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.queue.shift();
      if (next) {
        // The slot passes straight to the next waiter: `active` stays the same.
        clearTimeout(next.timer);
        next.resolve(this.releaser());
      } else {
        this.active -= 1;
      }
    };
  }
}

/** pg-pool's message when no connection came free within `connectionTimeoutMillis`. */
const POOL_TIMEOUT = /timeout exceeded when trying to connect/i;

/**
 * The overload behind `err`, if any: an OverloadedError, or the pg pool's wait timeout (Drizzle
 * and Better Auth wrap driver errors; the original is a `cause` down the chain).
 */
export function overloadOf(err: unknown, retryAfterSeconds = 1): OverloadedError | undefined {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 6;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (e instanceof OverloadedError) return e;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && POOL_TIMEOUT.test(message)) {
      return new OverloadedError(retryAfterSeconds);
    }
  }
  return undefined;
}
