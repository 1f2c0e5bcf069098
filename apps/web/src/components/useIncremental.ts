/**
 * A list that grows a few items per task: of `count` items, up to `atOnce` render at once, then
 * `step` more in each following task (a timer) until all are there; a larger `count` later (the
 * next page, a window widened) grows the same way from what is shown. Each task stays short where
 * one task building the whole list blocked a phone's main thread for hundreds of milliseconds
 * (Lighthouse counts the blocking time of each task beyond 50 ms). Items are appended below what
 * is shown: nothing moves.
 */
import { useEffect, useState } from 'react';

export function useIncremental(count: number, step: number, atOnce = count): number {
  const floor = Math.min(count, atOnce);
  const [grown, setGrown] = useState(floor);
  const shown = Math.max(floor, Math.min(grown, count));
  useEffect(() => {
    if (shown >= count) return;
    const timer = setTimeout(() => setGrown(Math.min(count, shown + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, count, step]);
  return shown;
}
