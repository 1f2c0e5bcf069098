/**
 * Renders its children one task after the screen around it: a page's main content (what the
 * visitor came for, its largest text) is built and painted first, and a part below or beside it
 * (the comments under a post, the home's status updates) follows at once in a task of its own,
 * instead of one long task building everything before anything shows. A phone stays responsive
 * between the two (Lighthouse counts the blocking time of each task beyond 50 ms).
 */
import { useEffect, useState, type ReactNode } from 'react';

export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
