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
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfmParse from './remarkGfmParse.ts';
import Box from '@mui/material/Box';
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

export function Markdown({ children }: { children: string }) {
  return (
    <Box
      className="markdown"
      sx={{
        overflowWrap: 'anywhere',
        lineHeight: 1.7,
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p': { my: 1.25 },
        '& h2, & h3, & h4, & h5, & h6': { mt: 2.5, mb: 1, lineHeight: 1.3 },
        '& h2': { fontSize: '1.5rem' },
        '& h3': { fontSize: '1.3rem' },
        '& h4': { fontSize: '1.15rem' },
        '& h5, & h6': { fontSize: '1rem' },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& blockquote': {
          m: 0,
          my: 1.5,
          pl: 2,
          borderLeft: 4,
          borderColor: 'divider',
          color: 'text.secondary',
        },
        '& code': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.9em',
          bgcolor: 'action.hover',
          px: 0.5,
          borderRadius: 0.5,
        },
        '& pre': { p: 1.5, overflowX: 'auto', bgcolor: 'action.hover', borderRadius: 1 },
        '& pre code': { bgcolor: 'transparent', p: 0 },
        '& table': {
          borderCollapse: 'collapse',
          display: 'block',
          overflowX: 'auto',
          maxWidth: '100%',
        },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& ul, & ol': { pl: 3 },
        '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 2 },
      }}
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfmParse, remarkMentions]}
        components={components}
        urlTransform={defaultUrlTransform}
      >
        {children}
      </ReactMarkdown>
    </Box>
  );
}

export default Markdown;
