/**
 * Scrolls to `#comment-…` / `#reply-…` once that element exists (comments load after the post),
 * watching the DOM for at most 10 s. Used by the post page so a notification opens at its comment.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useScrollToHash(timeoutMs = 10_000) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const tryScroll = () => {
      const el = document.getElementById(id);
      if (!el) return false;
      el.scrollIntoView({ block: 'center' });
      return true;
    };
    if (tryScroll()) return;
    const observer = new MutationObserver(() => {
      if (tryScroll()) stop();
    });
    const timer = setTimeout(() => stop(), timeoutMs);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [hash, timeoutMs]);
}
