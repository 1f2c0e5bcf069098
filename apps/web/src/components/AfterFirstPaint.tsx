/**
 * Parts of a screen that come after it: a page's main content (what the visitor came for, its
 * largest text) is built and painted first, and a part below or beside it (the comments under a
 * post, the home's status updates) follows in tasks of its own, instead of one long task building
 * everything before anything shows. A phone stays responsive in between (Lighthouse counts the
 * blocking time of each task beyond 50 ms).
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** Renders its children one task after the screen around it. */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}

/**
 * A component whose code is also loaded after the screen (its own chunk, asked for once the
 * screen has painted): what only it needs (a composer's form library and fields) stays off the
 * page's first download. It is appended below or beside what is there, so nothing moves.
 */
export function deferredPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Part = lazy(load);
  return function DeferredPart(props: P) {
    return (
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </AfterFirstPaint>
    );
  };
}
