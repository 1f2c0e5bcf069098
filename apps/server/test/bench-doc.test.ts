/**
 * The writer of docs/performance.md (bench/doc.ts): `npm run bench` rewrites the head of the file
 * and keeps the live and web sections and the notes written after them.
 */
import { describe, expect, it } from 'vitest';
import { withKeptTail } from '../bench/doc.ts';

const previous = [
  '# Performance',
  '',
  'Old API table.',
  '',
  '<!-- bench:live:start -->',
  'Live table.',
  '<!-- bench:live:end -->',
  '',
  'A note on the live run.',
  '',
  '<!-- bench:web:start -->',
  'Web table.',
  '<!-- bench:web:end -->',
  '',
  'What moved, sitting by sitting.',
  '',
].join('\n');

describe('withKeptTail', () => {
  it('replaces the head and keeps the sections and every note after them', () => {
    const doc = withKeptTail('# Performance\n\nNew API table.\n', previous, ['live', 'web']);
    expect(doc).toContain('New API table.');
    expect(doc).not.toContain('Old API table.');
    expect(doc).toContain('Live table.');
    expect(doc).toContain('A note on the live run.');
    expect(doc).toContain('Web table.');
    expect(doc).toContain('What moved, sitting by sitting.');
    expect(doc.indexOf('New API table.')).toBeLessThan(doc.indexOf('<!-- bench:live:start -->'));
  });

  it('keeps from the first kept section even when the other comes first in the list', () => {
    const doc = withKeptTail('Head.\n', previous, ['web', 'live']);
    expect(doc).toBe(`Head.\n\n${previous.slice(previous.indexOf('<!-- bench:live')).trim()}\n`);
  });

  it('writes the head alone when the file has no kept section', () => {
    expect(withKeptTail('Head.\n', '# Old\n\nNo sections.\n', ['live', 'web'])).toBe('Head.\n');
    expect(withKeptTail('Head.\n', '', ['live', 'web'])).toBe('Head.\n');
  });
});
