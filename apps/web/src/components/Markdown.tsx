/**
 * Markdown of posts and comments: the HTML the server rendered (`bodyHtml`, by the shared renderer
 * `@atelier/shared/markdown`: GitHub-flavoured Markdown, raw HTML shown as text, unsafe URLs
 * dropped, rel="noopener noreferrer nofollow" on links, images only from this site, headings one
 * level down, `@username` linked to the profile), inserted as it is: the browser downloads no
 * Markdown parser and parses nothing. The post editor's preview renders with the same renderer in
 * a chunk of its own (`MarkdownPreview.tsx`).
 *
 * A click on a link of this site (`/…`, no target, left button without a modifier key) goes
 * through the router instead of reloading the page. Its look is a static sheet (Markdown.module.css).
 */
import { memo, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import styles from './Markdown.module.css';

/** The path a click on a rendered link should open in the app, or null to let the browser go. */
export function inAppPath(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || link.hasAttribute('target') || link.hasAttribute('download')) return null;
  const href = link.getAttribute('href') ?? '';
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\') ? href : null;
}

/**
 * Memoised on its HTML: a thread re-rendered by a refetch (a live comment, a like elsewhere)
 * touches only the bodies that changed. The click listener is the element's own (one per body,
 * delegated to its links).
 */
export const Markdown = memo(function Markdown({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const path = inAppPath(event);
      if (path === null) return;
      event.preventDefault();
      void navigate(path);
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [navigate]);
  return (
    <div
      ref={ref}
      className={`${styles.markdown} markdown`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});

export default Markdown;
