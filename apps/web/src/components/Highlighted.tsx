/**
 * Text with some ranges marked (search matches): plain React text nodes and <mark> elements,
 * never HTML from the server. Ranges are [start, end) JavaScript string indices, sorted. The marks'
 * look is a static sheet (Highlighted.module.css).
 */
import { Fragment, type ReactNode } from 'react';
import type { TextRange } from '@atelier/shared';
import css from './Highlighted.module.css';

export function Highlighted({ text, ranges }: { text: string; ranges?: readonly TextRange[] }) {
  if (!ranges || ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <mark key={`m${start}`} className={css.mark}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
