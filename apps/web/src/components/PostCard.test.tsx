import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PostSummary, Tag } from '@atelier/shared';
import { tagKeys } from '../api/tags.ts';
import { PostCard } from './PostCard.tsx';

const tags: Tag[] = [
  {
    id: 't1',
    labels: { en: 'Portrait', ko: '초상화' },
    type: 'general',
    parents: [],
    postCount: 3,
  },
  { id: 't2', labels: { en: 'Landscape' }, type: 'general', parents: [], postCount: 1 },
];

const post: PostSummary = {
  id: 'p1',
  author: { id: 'u1', username: 'ada', displayedRole: 'advanced-writer' },
  section: 'writing',
  title: 'A quiet morning',
  excerpt: 'The light came in sideways…',
  provenance: 'aiAssisted',
  tools: 'Krita',
  tags: ['t1', 't2'],
  cover: {
    id: 'm1',
    kind: 'image',
    url: '/media/a.webp',
    thumbnailUrl: '/media/a-thumb.webp',
    width: 800,
    height: 600,
    bytes: 1000,
    mime: 'image/webp',
  },
  mediaCount: 3,
  likeCount: 1234,
  commentCount: 1,
  viewCount: 0,
  liked: false,
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  editionCount: 0,
  editionTimestamp: null,
};

function renderCard(shown: PostSummary = post) {
  const client = new QueryClient();
  client.setQueryData(tagKeys.all, tags);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PostCard post={shown} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PostCard', () => {
  it('shows the title as a link, the excerpt, author, provenance, tags and counts', () => {
    const { container } = renderCard();
    expect(screen.getByRole('link', { name: 'A quiet morning' }).getAttribute('href')).toBe(
      '/posts/p1',
    );
    expect(screen.getByText('The light came in sideways…')).toBeVisible();
    expect(screen.getByRole('link', { name: 'ada' }).getAttribute('href')).toBe('/users/u1');
    expect(screen.getByText('AI-assisted')).toBeVisible();
    // tags sorted by label, linking to the section filtered by the tag
    const tagLinks = screen.getAllByRole('link').filter((a) => a.textContent?.startsWith('#'));
    expect(tagLinks.map((a) => a.textContent)).toEqual(['#Landscape', '#Portrait']);
    expect(tagLinks[0]?.getAttribute('href')).toBe('/sections/writing?tag=t2');
    expect(screen.getByLabelText('1234 likes').textContent).toBe('1.2K');
    expect(screen.getByLabelText('1 comment')).toHaveTextContent('1');
    expect(screen.getByLabelText('0 views')).toHaveTextContent('0');
    expect(screen.getByLabelText('3 files')).toHaveTextContent('3');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/a-thumb.webp');
  });

  it('keeps the lines of the excerpt (list items, table rows) apart', () => {
    renderCard({ ...post, excerpt: 'Needs:\n• flour\n• eggs' });
    const excerpt = screen.getByText(/Needs:/);
    expect(excerpt.textContent).toBe('Needs:\n• flour\n• eggs');
    expect(getComputedStyle(excerpt.closest('p') ?? excerpt).whiteSpace).toBe('pre-line');
  });
});
