/**
 * Text with some ranges marked (search matches): plain React text nodes and <mark> elements,
 * never HTML from the server. Ranges are [start, end) JavaScript string indices, sorted.
 */
import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { TextRange } from '@atelier/shared';

export function Highlighted({ text, ranges }: { text: string; ranges?: readonly TextRange[] }) {
  if (!ranges || ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <Box
        component="mark"
        key={`m${start}`}
        sx={{ bgcolor: 'warning.light', color: 'common.black', borderRadius: 0.5, px: 0.25 }}
      >
        {text.slice(start, end)}
      </Box>,
    );
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
