/**
 * The post editor's preview: the body rendered in the browser by the renderer the server uses for
 * `bodyHtml` (`@atelier/shared/markdown`), against this page's origin. Its own chunk, loaded when
 * the Preview tab first opens: the reading pages insert the server's HTML and never load it.
 */
import { useMemo } from 'react';
import { renderMarkdown } from '@atelier/shared/markdown';
import { Markdown } from '../../components/Markdown.tsx';

export default function MarkdownPreview({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text, window.location.origin), [text]);
  return <Markdown html={html} />;
}
