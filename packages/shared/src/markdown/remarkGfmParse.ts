/**
 * GitHub-flavoured Markdown for reading only: the parsing half of remark-gfm (tables, task lists,
 * strikethrough, autolinks, footnotes). remark-gfm also registers how to write GFM back out as
 * Markdown, which pulled mdast-util-to-markdown and markdown-table (~80 KB before minification)
 * into the renderer (render.ts) for nothing: the app parses Markdown, it never writes it.
 */
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type {} from 'remark-parse'; // its types declare the parser's extension lists on `Data`
import type { Processor } from 'unified';

export default function remarkGfmParse(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
