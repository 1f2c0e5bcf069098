/**
 * Highlights as ranges, never markup: ts_headline marks matched words with two private-use
 * characters (stripped from the text beforehand), and these helpers turn its output into plain
 * text + [start, end) ranges. The client renders the ranges as <mark> elements.
 */
import { excerptOf, plainTextOf, type TextRange } from '@atelier/shared';

export const markStart = '\uE000';
export const markStop = '\uE001';
/** ts_headline options: the whole text back, matches between the two markers. */
export const headlineOptions = `HighlightAll=true, StartSel=${markStart}, StopSel=${markStop}`;

/** Text with markers → the text without them and the marked ranges. */
export function unmark(marked: string): { text: string; ranges: TextRange[] } {
  let text = '';
  let start = -1;
  const ranges: TextRange[] = [];
  for (const ch of marked) {
    if (ch === markStart) start = text.length;
    else if (ch === markStop) {
      if (start >= 0 && text.length > start) ranges.push([start, text.length]);
      start = -1;
    } else text += ch;
  }
  return { text, ranges };
}

/** Sorted, overlapping and touching ranges merged. */
export function mergeRanges(ranges: TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: TextRange[] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Every occurrence of the Hangul words in the text (bigram matches are substrings). */
function substringRanges(text: string, words: readonly string[]): TextRange[] {
  const out: TextRange[] = [];
  for (const word of words) {
    for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length)) {
      out.push([i, i + word.length]);
    }
  }
  return out;
}

/**
 * One text marked by several configurations (one ts_headline each): the ranges of every marking
 * whose text agrees with the first one's, plus the Hangul words. Markings that are the same
 * string (most often all of them: a word every configuration finds) are read once: `toText`
 * renders a post's Markdown.
 */
function combine(
  marked: readonly string[],
  hangul: readonly string[],
  toText: (s: string) => string,
): { text: string; ranges: TextRange[] } {
  const [first, ...rest] = [...new Set(marked)].map((m) => unmark(toText(m)));
  const base = first ?? { text: '', ranges: [] };
  const ranges = [...base.ranges];
  for (const other of rest) if (other.text === base.text) ranges.push(...other.ranges);
  ranges.push(...substringRanges(base.text, hangul));
  return { text: base.text, ranges: mergeRanges(ranges) };
}

export function titleHighlight(marked: readonly string[], hangul: readonly string[]): TextRange[] {
  return combine(marked, hangul, (s) => s).ranges;
}

const excerptMax = 240;
/** Characters of context kept before the first match. */
const lead = 60;

/**
 * The excerpt for a result: the passage around the first match (plain text, ≤ 240 characters
 * plus ellipses) and the matches in it. Without a match in the marked part of the body, the
 * usual excerpt of its start.
 */
export function excerptHighlight(
  marked: readonly string[],
  hangul: readonly string[],
  body: string,
): { excerpt: string; ranges: TextRange[] } {
  const { text, ranges } = combine(marked, hangul, plainTextOf);
  const first = ranges[0];
  if (!first) return { excerpt: excerptOf(body, excerptMax), ranges: [] };
  let start = 0;
  if (first[0] > lead) {
    const space = text.indexOf(' ', first[0] - lead);
    start = space >= 0 && space < first[0] ? space + 1 : first[0];
  }
  let end = Math.min(text.length, start + excerptMax - 2);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first[1]) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const excerpt = `${prefix}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  const shift = prefix.length - start;
  const inside = ranges
    .filter(([s, e]) => s < end && e > start)
    .map(([s, e]): TextRange => [Math.max(s, start) + shift, Math.min(e, end) + shift]);
  return { excerpt, ranges: inside };
}
