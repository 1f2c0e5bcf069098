import { describe, expect, it } from 'vitest';
import {
  canCreateTags,
  canPostIn,
  excerptOf,
  postingRight,
  searchTags,
  tagLabel,
  totalLikes,
} from './community.ts';
import { updatePostSchema, updateTagSchema } from './communitySchemas.ts';

describe('postingRight (PRODUCT.md ability table)', () => {
  it('lets everyone with access post in open sections', () => {
    expect(postingRight(['member'], 'open')).toBe('yes');
    expect(postingRight(['probation-writer'], 'open')).toBe('yes');
  });
  it('keeps members out of typed sections', () => {
    expect(postingRight(['member'], 'writer')).toBe('no');
    expect(canPostIn(['member'], 'faker')).toBe(false);
  });
  it('limits probation creators to their type, and not other types', () => {
    expect(postingRight(['probation-faker'], 'faker')).toBe('limited');
    expect(postingRight(['probation-faker'], 'writer')).toBe('no');
  });
  it('gives advanced creators their type without limit, and moderators every type', () => {
    expect(postingRight(['advanced-ai-artist'], 'aiArtist')).toBe('yes');
    expect(postingRight(['advanced-ai-artist', 'probation-writer'], 'writer')).toBe('limited');
    expect(postingRight(['moderator'], 'faker')).toBe('yes');
  });
});

describe('canCreateTags', () => {
  it('is for advanced creators and moderators only', () => {
    expect(canCreateTags(['moderator'])).toBe(true);
    expect(canCreateTags(['advanced-writer'])).toBe(true);
    expect(canCreateTags(['probation-writer'])).toBe(false);
    expect(canCreateTags(['member'])).toBe(false);
  });
});

describe('searchTags (the seed rule)', () => {
  const tags = [
    {
      id: 'a',
      labels: { en: 'Portrait', ko: '초상화', fr: 'Portrait', es: 'Retrato' },
      parents: [],
    },
    { id: 'b', labels: { en: 'Self-portrait', fr: 'Autoportrait' }, parents: ['a'] },
    { id: 'c', labels: { en: 'Landscape', es: 'Paisaje' }, parents: [] },
    { id: 'd', labels: { en: 'Écriture automatique' }, parents: [] },
  ];
  it('matches any language case-insensitively', () => {
    expect(searchTags(tags, 'RETRATO', 'en').map((t) => t.id)).toEqual(['a', 'b']);
    expect(searchTags(tags, 'autoport', 'en').map((t) => t.id)).toEqual(['b']);
    expect(searchTags(tags, 'paisaje', 'en').map((t) => t.id)).toEqual(['c']);
  });
  it("matches a parent tag's label", () => {
    expect(
      searchTags(tags, 'portrait', 'en')
        .map((t) => t.id)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(searchTags(tags, '초상화', 'en').map((t) => t.id)).toEqual(['a', 'b']);
  });
  it('sorts by the label in the current language with locale collation (en fallback)', () => {
    expect(searchTags(tags, '', 'fr').map((t) => tagLabel(t, 'fr'))).toEqual([
      'Autoportrait',
      'Écriture automatique',
      'Landscape',
      'Portrait',
    ]);
    expect(searchTags(tags, '', 'es').map((t) => tagLabel(t, 'es'))).toEqual([
      'Écriture automatique',
      'Paisaje',
      'Retrato',
      'Self-portrait',
    ]);
  });
});

describe('excerptOf', () => {
  it('keeps plain text of Markdown and drops HTML tags', () => {
    expect(
      excerptOf('# Title\n\nSome **bold** [link](https://x.test) <script>alert(1)</script> text'),
    ).toBe('Title\nSome bold link alert(1) text');
  });
  it('joins the lines of a paragraph and drops code blocks, rules and images', () => {
    expect(
      excerptOf('One line\nand the next\n\n```js\ncode()\n```\n\n---\n\n![alt](/a.png) After'),
    ).toBe('One line and the next\nAfter');
  });
  it('shows list items one per line, with a bullet or their number', () => {
    expect(excerptOf('Needs:\n- flour\n* **two** eggs\n+ [salt](https://x.test)')).toBe(
      'Needs:\n• flour\n• two eggs\n• salt',
    );
    expect(excerptOf('1. Mix\n2) Bake\n- [x] Eat')).toBe('1. Mix\n2. Bake\n• Eat');
  });
  it('shows table rows as "cell · cell" lines without the separator row', () => {
    expect(excerptOf('| Town | Lights |\n| :--- | ---: |\n| Brest | *12* |\n|Oban||\n\nEnd')).toBe(
      'Town · Lights\nBrest · 12\nOban\nEnd',
    );
    expect(excerptOf('a | b\n--|--\nc | d')).toBe('a · b\nc · d');
  });
  it('keeps quotes and headings as their text, one per line', () => {
    expect(excerptOf('> quoted\n> more\n\n## Part two\nBody > text')).toBe(
      'quoted more\nPart two\nBody > text',
    );
  });
  it('cuts long text with an ellipsis', () => {
    const text = excerptOf('word '.repeat(100), 20);
    expect(text.length).toBe(20);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('update schemas', () => {
  it('leave out what a PATCH does not send (no defaults)', () => {
    expect(updatePostSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(updateTagSchema.parse({ type: 'writer' })).toEqual({ type: 'writer' });
  });
});

it('totalLikes = post + comment + status-update likes', () => {
  expect(totalLikes({ postLikeCount: 3, commentLikeCount: 4, statusUpdateLikeCount: 5 })).toBe(12);
});
