/**
 * When sockets' sessions expire, with one timer per node instead of one per socket: each socket
 * is filed under the second its session expires, and while any is filed a timer ticks every
 * second and hands over the sockets of the seconds that went by (live/plugin.ts asks the database
 * about their sessions, then closes them or files them again under the new expiry).
 */
export interface ExpiryWatch<T> {
  /** Files `item` under `at` (ms since the epoch); one already past comes at the next tick. */
  add(item: T, at: number): void;
  /** Unfiles it (a socket that closed). */
  remove(item: T): void;
  /** How many are filed. */
  size(): number;
  stop(): void;
}

export function expiryWatch<T>(
  due: (item: T) => void,
  { now = Date.now }: { now?: () => number } = {},
): ExpiryWatch<T> {
  // A list per second, not a Set, while it is short: sessions mostly expire at seconds of their
  // own, and a Set of one costs several times an array of one (memory per socket). A second with
  // many (a burst of sign-ins) becomes a Set, so unfiling them stays cheap.
  const bySecond = new Map<number, T[] | Set<T>>();
  const secondOf = new Map<T, number>();
  /** The last second handed over. */
  let last = Math.floor(now() / 1000);
  let timer: NodeJS.Timeout | undefined;

  const unfile = (item: T) => {
    const second = secondOf.get(item);
    if (second === undefined) return;
    secondOf.delete(item);
    const filed = bySecond.get(second);
    if (!filed) return;
    if (Array.isArray(filed)) {
      const index = filed.indexOf(item);
      if (index !== -1) filed.splice(index, 1);
    } else filed.delete(item);
    if ((Array.isArray(filed) ? filed.length : filed.size) === 0) bySecond.delete(second);
  };
  const tick = () => {
    const current = Math.floor(now() / 1000);
    while (last < current) {
      last += 1;
      const list = bySecond.get(last);
      if (!list) continue;
      bySecond.delete(last);
      for (const item of list) {
        secondOf.delete(item);
        due(item);
      }
    }
    if (secondOf.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    add(item, at) {
      unfile(item);
      if (!timer) {
        last = Math.floor(now() / 1000);
        timer = setInterval(tick, 1_000);
        timer.unref();
      }
      const second = Math.max(Math.ceil(at / 1000), last + 1);
      const filed = bySecond.get(second);
      if (!filed) bySecond.set(second, [item]);
      else if (!Array.isArray(filed)) filed.add(item);
      else if (filed.length < 32) filed.push(item);
      else bySecond.set(second, new Set([...filed, item]));
      secondOf.set(item, second);
    },
    remove: unfile,
    size: () => secondOf.size,
    stop() {
      clearInterval(timer);
      timer = undefined;
      bySecond.clear();
      secondOf.clear();
    },
  };
}
