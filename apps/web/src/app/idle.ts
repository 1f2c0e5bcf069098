/**
 * Work that can wait for the page to settle: it runs once the browser is idle (no task pending,
 * the first screen drawn), at the latest `timeoutMs` later; without `requestIdleCallback`
 * (Safari), after a timer of `fallbackMs` (0: the next task).
 */
import { useEffect, useState } from 'react';

/** Runs `run` once the page is idle; returns the cancel. */
export function afterIdle(run: () => void, timeoutMs: number, fallbackMs = 0): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, fallbackMs);
  return () => clearTimeout(timer);
}

/** False until the page has been idle once since the component mounted, then true. */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => afterIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
