/**
 * Markdown of posts and comments as HTML, one renderer for both sides: the server renders every
 * body once (apps/server/src/lib/markdown.ts, memoised) and sends it as `bodyHtml`; the web app
 * inserts that HTML, and renders with this module only in the post editor's preview (a lazy
 * chunk), so the parser stays out of the reading pages.
 *
 * The rules, safe to insert as HTML:
 * - GitHub-flavoured Markdown (the parsing half of remark-gfm: tables, task lists, strikethrough,
 *   autolinks, footnotes);
 * - raw HTML is never rendered: it is shown as plain text (as react-markdown did), and
 *   hast-util-to-html escapes every text;
 * - unsafe URLs (javascript:, data:, vbscript:…) are dropped from every URL attribute
 *   (`safeUrl`, react-markdown's `defaultUrlTransform`); a link left without one is a `span`;
 * - every link has rel="noopener noreferrer nofollow"; a link to another site (http(s), another
 *   origin) opens in a new tab;
 * - images only from this site (a path, or an absolute URL on `origin`), with loading="lazy": an
 *   image elsewhere becomes a plain link (its alt or URL as text), so reading a post never makes
 *   the browser call another host;
 * - headings move one level down (h1 → h2 … h5 → h6): the page keeps its single h1;
 * - `@username` links to /u/username (remarkMentions.ts);
 * - no `on*` and no `style` attribute ever (Markdown makes none; dropped if one appeared).
 *
 * `origin` is the site's (`https://example.org`): the server's public base URL, the page's in the
 * editor preview.
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import remarkGfmParse from './remarkGfmParse.ts';
import remarkMentions from './remarkMentions.ts';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfmParse)
  .use(remarkMentions)
  // Raw HTML is kept as `raw` nodes here only to be turned into text below (react-markdown's way):
  // without the option it would be dropped, and the reader would not see what was written.
  .use(remarkRehype, { allowDangerousHtml: true })
  .freeze();

const safeProtocol = /^(https?|ircs?|mailto|xmpp)$/i;

/** react-markdown's `defaultUrlTransform`: the URL if relative or of a safe protocol, else ''. */
export function safeUrl(value: string): string {
  const colon = value.indexOf(':');
  const questionMark = value.indexOf('?');
  const numberSign = value.indexOf('#');
  const slash = value.indexOf('/');
  if (
    // No protocol: relative.
    colon === -1 ||
    // A colon after `/`, `?` or `#` is not a protocol's.
    (slash !== -1 && colon > slash) ||
    (questionMark !== -1 && colon > questionMark) ||
    (numberSign !== -1 && colon > numberSign) ||
    safeProtocol.test(value.slice(0, colon))
  )
    return value;
  return '';
}

/** The attributes holding a URL (html-url-attributes' list, on any element). */
const urlProperties = [
  'href',
  'src',
  'cite',
  'action',
  'formAction',
  'data',
  'icon',
  'itemId',
  'manifest',
  'ping',
  'poster',
];

/** A path on this site, or an absolute http(s) URL on `origin`. */
export function isSameOrigin(url: string, origin: string): boolean {
  if (!url.startsWith('/') && !/^https?:/i.test(url)) return false;
  try {
    // A path resolves on the origin unless it names another host (`//host`, `/\host`).
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

const isExternal = (href: string, origin: string) =>
  /^https?:\/\//i.test(href) && !isSameOrigin(href, origin);

const linkRel = ['noopener', 'noreferrer', 'nofollow'];

const element = (tagName: string, properties: Properties, children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

const headingShift: Record<string, string> = { h1: 'h2', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6' };

/** The element as the rules want it: itself changed, another element, or nothing. */
function rewrite(node: Element, origin: string): ElementContent | null {
  const props: Properties = Object.fromEntries(
    Object.entries(node.properties)
      .filter(([key]) => !/^on/i.test(key) && key !== 'style')
      .map(([key, value]) => [
        key,
        urlProperties.includes(key) ? safeUrl(String(value ?? '')) : value,
      ]),
  );
  const shifted = headingShift[node.tagName];
  if (shifted) return element(shifted, props, node.children);
  if (node.tagName === 'a') {
    const href = typeof props.href === 'string' ? props.href : '';
    if (!href) return element('span', {}, node.children);
    const { target: _target, ...rest } = props;
    return element(
      'a',
      {
        ...rest,
        href,
        rel: linkRel,
        ...(isExternal(href, origin) ? { target: '_blank' } : {}),
      },
      node.children,
    );
  }
  if (node.tagName === 'img') {
    const src = typeof props.src === 'string' ? props.src : '';
    const alt = typeof props.alt === 'string' ? props.alt : '';
    if (!src) return alt ? element('span', {}, [{ type: 'text', value: alt }]) : null;
    if (isSameOrigin(src, origin)) return element('img', { src, alt, loading: 'lazy' }, []);
    return element('a', { href: src, rel: linkRel, target: '_blank' }, [
      { type: 'text', value: alt || src },
    ]);
  }
  return { ...node, properties: props };
}

function transform(parent: Root | Element, origin: string): void {
  const children: RootContent[] = [];
  for (const child of parent.children) {
    if (child.type === 'raw') {
      children.push({ type: 'text', value: child.value });
    } else if (child.type === 'element') {
      transform(child, origin);
      const replaced = rewrite(child, origin);
      if (replaced) children.push(replaced);
    } else {
      children.push(child);
    }
  }
  parent.children = children;
}

/** The HTML of a Markdown text by the rules above; '' for an empty text. */
export function renderMarkdown(text: string, origin: string): string {
  if (!text) return '';
  const site = originOf(origin);
  const tree = processor.runSync(processor.parse(text));
  transform(tree, site);
  return toHtml(tree);
}

/** `https://example.org/` → `https://example.org` (an origin given as a base URL). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
