/**
 * The HTML of post and comment bodies (`bodyHtml`), rendered here once per text with the shared
 * renderer (`@atelier/shared/markdown`: GFM, raw HTML as text, safe URLs, this site's images only)
 * so the browser neither downloads nor runs a Markdown parser.
 *
 * Memoised in an LRU of `MARKDOWN_CACHE_SIZE` texts (a Map in use order), holding at most
 * `MARKDOWN_CACHE_CHARS` characters of text and HTML (5,000 comments of 10,000 characters would
 * otherwise hold hundreds of MB): a post page's 200 comments are rendered once, not on every read,
 * and an answer rebuilt after an invalidation (a like, a new comment) renders only the texts it has
 * not seen. Links and images are judged against the site's origin (`BASE_URL`), set by `buildApp`
 * (one site per process); the cache is emptied if it ever changes.
 */
import { renderMarkdown } from '@atelier/shared/markdown';

export const MARKDOWN_CACHE_SIZE = 5_000;
export const MARKDOWN_CACHE_CHARS = 8_000_000;

let origin = 'http://localhost';
const rendered = new Map<string, string>();
/** Characters of text and HTML in `rendered`. */
let chars = 0;

/** The site's public origin (`config.baseUrl`): same-site links and images are judged by it. */
export function setMarkdownOrigin(baseUrl: string): void {
  const next = new URL(baseUrl).origin;
  if (next === origin) return;
  origin = next;
  rendered.clear();
  chars = 0;
}

/** The HTML of a Markdown text ('' for an empty one), from the LRU when it was rendered before. */
export function markdownHtml(text: string): string {
  if (!text) return '';
  const hit = rendered.get(text);
  if (hit !== undefined) {
    rendered.delete(text);
    rendered.set(text, hit);
    return hit;
  }
  const html = renderMarkdown(text, origin);
  rendered.set(text, html);
  chars += text.length + html.length;
  // The least recently used first; the text just rendered stays even alone over the budget.
  for (const [oldText, oldHtml] of rendered) {
    const over =
      rendered.size > MARKDOWN_CACHE_SIZE || (chars > MARKDOWN_CACHE_CHARS && rendered.size > 1);
    if (!over) break;
    rendered.delete(oldText);
    chars -= oldText.length + oldHtml.length;
  }
  return html;
}

/** How many texts the LRU holds and their characters (tests). */
export const markdownCacheUse = () => ({ entries: rendered.size, chars });
