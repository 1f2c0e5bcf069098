/** Calls `load` when the returned ref's element scrolls into view (the "Load more" button). */
import { useEffect, useRef } from 'react';

export function useAutoLoad<T extends Element>(load: () => void, enabled: boolean) {
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
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
