/**
 * A worker that drains a queue in batches and that anyone may wake (the mail outbox, the live
 * dispatcher): `kick()` starts a pass unless one is running, in which case the running pass is
 * followed by exactly one more, so kicks that arrive together cost one pass, and work committed
 * during a pass is never left waiting for the next sweep.
 */
export interface DrainerOptions {
  /** Handles up to `size` items; resolves with how many it took (a full batch means "go on"). */
  batch: () => Promise<number>;
  size: number;
  /** True once the owner stops: no new pass starts, a running one ends after its batch. */
  stopped: () => boolean;
  /** A pass failed (the items stay queued): log it, maybe schedule an early retry. */
  onError: (err: unknown) => void;
}

export interface Drainer {
  kick(): Promise<void>;
  /** The pass under way, if any (for `stop()` to wait on). */
  running(): Promise<void> | undefined;
}

export function createDrainer({ batch, size, stopped, onError }: DrainerOptions): Drainer {
  let running: Promise<void> | undefined;
  let again = false;

  const pass = async () => {
    do {
      again = false;
      let taken = size;
      while (!stopped() && taken === size) taken = await batch();
    } while (again && !stopped());
  };

  const kick = (): Promise<void> => {
    if (stopped()) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return { kick, running: () => running };
}
