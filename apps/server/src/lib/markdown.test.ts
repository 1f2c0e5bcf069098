import { describe, expect, it } from 'vitest';
import {
  MARKDOWN_CACHE_CHARS,
  MARKDOWN_CACHE_SIZE,
  markdownCacheUse,
  markdownHtml,
  setMarkdownOrigin,
} from './markdown.ts';

describe('markdownHtml', () => {
  it('renders each text once, in a bounded LRU', () => {
    setMarkdownOrigin('https://site.example/');
    expect(markdownHtml('')).toBe('');
    const first = markdownHtml('**a**');
    expect(first).toBe('<p><strong>a</strong></p>');
    expect(markdownHtml('**a**')).toBe(first);
    for (let i = 0; i < MARKDOWN_CACHE_SIZE + 10; i += 1) markdownHtml(`text ${i}`);
    expect(markdownCacheUse().entries).toBe(MARKDOWN_CACHE_SIZE);
    // Long texts are bounded by their size too.
    const long = 'x'.repeat(1_000_000);
    for (let i = 0; i < 5; i += 1) markdownHtml(`${i}${long}`);
    expect(markdownCacheUse().chars).toBeLessThanOrEqual(MARKDOWN_CACHE_CHARS);
  });

  it("judges images by the site's origin, and forgets what it rendered for another", () => {
    setMarkdownOrigin('https://site.example');
    const text = '![a](https://site.example/a.png)';
    expect(markdownHtml(text)).toContain('<img src="https://site.example/a.png"');
    setMarkdownOrigin('https://other.example');
    expect(markdownHtml(text)).toContain('<a href="https://site.example/a.png"');
    expect(markdownCacheUse().entries).toBe(1);
  });
});
