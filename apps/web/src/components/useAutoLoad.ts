/**
 * Calls `load` when the returned ref's element scrolls into view, or within `rootMargin` of it
 * (the "Load more" button; the end of what a long thread has rendered so far).
 */
import { useEffect, useRef } from 'react';

export function useAutoLoad<T extends Element>(
  load: () => void,
  enabled: boolean,
  rootMargin = '200px',
) {
  const ref = useRef<T>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
