/**
 * Markdown of posts and comments, safely: GitHub-flavoured Markdown (remark-gfm's parser), raw HTML never
 * rendered (react-markdown shows it as plain text; rehype-raw is never used), unsafe URLs
 * (javascript:, data:, vbscript:…) dropped by react-markdown's default `urlTransform`, links with
 * rel="noopener noreferrer nofollow", and images only from this site (an image elsewhere becomes a
 * plain link, so reading a post never makes the browser call another host). Headings move one level
 * down: the page keeps its single h1. `@username` links to that user's profile (remarkMentions).
 *
 * Only lazy pages import this file: react-markdown stays out of the initial bundle.
 */
import { memo } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfmParse from './remarkGfmParse.ts';
import { styled } from '@mui/material/styles';
import { theme } from '../app/theme.ts';
import remarkMentions from './remarkMentions.ts';

/** Same-origin (a path) or an absolute URL on this page's origin. */
export function isSameOrigin(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return (
      new URL(url, window.location.href).origin === window.location.origin && /^https?:/i.test(url)
    );
  } catch {
    return false;
  }
}

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href) && !isSameOrigin(href);
}

const components: Components = {
  h1: ({ node: _node, children, ...props }) => <h2 {...props}>{children}</h2>,
  h2: ({ node: _node, children, ...props }) => <h3 {...props}>{children}</h3>,
  h3: ({ node: _node, children, ...props }) => <h4 {...props}>{children}</h4>,
  h4: ({ node: _node, children, ...props }) => <h5 {...props}>{children}</h5>,
  h5: ({ node: _node, children, ...props }) => <h6 {...props}>{children}</h6>,
  a: ({ node: _node, href, children, ...props }) => {
    if (!href) return <span>{children}</span>;
    const external = isExternal(href);
    return (
      <a
        {...props}
        href={href}
        rel="noopener noreferrer nofollow"
        target={external ? '_blank' : undefined}
      >
        {children}
      </a>
    );
  },
  img: ({ node: _node, src, alt }) => {
    const url = typeof src === 'string' ? src : '';
    if (!url) return alt ? <span>{alt}</span> : null;
    if (isSameOrigin(url)) return <img src={url} alt={alt ?? ''} loading="lazy" />;
    return (
      <a href={url} rel="noopener noreferrer nofollow" target="_blank">
        {alt || url}
      </a>
    );
  },
};

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
  '& hr': {
    border: 0,
    borderTop: `1px solid ${palette.divider}`,
    marginTop: spacing(2),
    marginBottom: spacing(2),
  },
});

/**
 * Memoised on its text: a thread re-rendered by a refetch (a live comment, a like elsewhere)
 * parses again only the bodies that changed, not every comment and reply on the page.
 */
export const Markdown = memo(function Markdown({ children }: { children: string }) {
  return (
    <MarkdownRoot className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfmParse, remarkMentions]}
        components={components}
        urlTransform={defaultUrlTransform}
      >
        {children}
      </ReactMarkdown>
    </MarkdownRoot>
  );
});

export default Markdown;
