/**
 * Markdown of posts and comments: the HTML the server rendered (`bodyHtml`, by the shared renderer
 * `@atelier/shared/markdown`: GitHub-flavoured Markdown, raw HTML shown as text, unsafe URLs
 * dropped, rel="noopener noreferrer nofollow" on links, images only from this site, headings one
 * level down, `@username` linked to the profile), inserted as it is: the browser downloads no
 * Markdown parser and parses nothing. The post editor's preview renders with the same renderer in
 * a chunk of its own (`MarkdownPreview.tsx`).
 *
 * A click on a link of this site (`/…`, no target, left button without a modifier key) goes
 * through the router instead of reloading the page.
 */
import { memo, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { styled } from '@mui/material/styles';
import { theme } from '../app/theme.ts';

/**
 * The look of rendered Markdown, serialized once when this module loads (MUI's `styled` does that
 * for a plain object): an `sx` prop was resolved against the theme for every post, comment and
 * reply on each render, a visible share of a long thread's first render. The values are the
 * theme's, in pixels (spacing 8 px, corners `theme.shape.borderRadius`).
 */
const { palette, spacing } = theme;
const radius = Number(theme.shape.borderRadius);
const MarkdownRoot = styled('div')({
  overflowWrap: 'anywhere',
  lineHeight: 1.7,
  '& > :first-of-type': { marginTop: 0 },
  '& > :last-child': { marginBottom: 0 },
  '& p': { marginTop: spacing(1.25), marginBottom: spacing(1.25) },
  '& h2, & h3, & h4, & h5, & h6': {
    marginTop: spacing(2.5),
    marginBottom: spacing(1),
    lineHeight: 1.3,
  },
  '& h2': { fontSize: '1.5rem' },
  '& h3': { fontSize: '1.3rem' },
  '& h4': { fontSize: '1.15rem' },
  '& h5, & h6': { fontSize: '1rem' },
  '& a': { color: palette.primary.main },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: radius },
  '& blockquote': {
    margin: 0,
    marginTop: spacing(1.5),
    marginBottom: spacing(1.5),
    paddingLeft: spacing(2),
    borderLeft: `4px solid ${palette.divider}`,
    color: palette.text.secondary,
  },
  '& code': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '0.9em',
    backgroundColor: palette.action.hover,
    paddingLeft: spacing(0.5),
    paddingRight: spacing(0.5),
    borderRadius: radius / 2,
  },
  '& pre': {
    padding: spacing(1.5),
    overflowX: 'auto',
    backgroundColor: palette.action.hover,
    borderRadius: radius,
  },
  '& pre code': { backgroundColor: 'transparent', padding: 0 },
  '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' },
  '& th, & td': {
    border: `1px solid ${palette.divider}`,
    paddingLeft: spacing(1),
    paddingRight: spacing(1),
    paddingTop: spacing(0.5),
    paddingBottom: spacing(0.5),
  },
  '& ul, & ol': { paddingLeft: spacing(3) },
  // The footnotes' heading ("Footnotes"), for screen readers only, as GitHub shows it.
  '& .sr-only': {
    position: 'absolute',
    width: 1,
    height: 1,
    margin: -1,
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  '& hr': {
    border: 0,
    borderTop: `1px solid ${palette.divider}`,
    marginTop: spacing(2),
    marginBottom: spacing(2),
  },
});

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
  return <MarkdownRoot ref={ref} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
});

export default Markdown;
