/** Search: the top bar field goes to /search?q=…, the page shows each kind in its tab. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SearchResults } from '@atelier/shared';
import { queryKeys } from '../../api/keys.ts';
import { tagKeys } from '../../api/tags.ts';
import { SearchField } from '../../app/shell/SearchField.tsx';
import SearchPage from './SearchPage.tsx';
import { postSummary } from '../../test/fixtures.ts';

const results: SearchResults = {
  posts: [],
  users: [{ id: 'u1', username: 'harbour_cat', displayedRole: 'member' }],
  tags: [
    { id: 't1', labels: { en: 'Harbour', fr: 'Port' }, type: 'general', parents: [], postCount: 2 },
  ],
  nextCursor: null,
  tooShort: false,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.sections, []);
  client.setQueryData(tagKeys.all, []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SearchField />
        <Routes>
          <Route path="/search" element={<SearchPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('search', { timeout: 15_000 }, () => {
  it('goes to /search?q= when Enter is pressed in the top bar field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(results))),
    );
    renderAt('/');
    const user = userEvent.setup();
    await user.type(
      screen.getAllByRole('searchbox', { name: 'Search Atelier' })[0]!,
      'harbour cat{Enter}',
    );
    expect(screen.getByTestId('where').textContent).toBe('/search?q=harbour%20cat');
  });

  it('shows people and tags under All, then one kind per tab', async () => {
    const fetch = vi.fn((_url: string) => Promise.resolve(json(results)));
    vi.stubGlobal('fetch', fetch);
    renderAt('/search?q=harbour');
    expect(await screen.findByRole('link', { name: 'harbour_cat' })).toBeVisible();
    expect(screen.getByText('#Harbour · 2 posts')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Posts' })).not.toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/search?q=harbour&kind=all');

    await userEvent.setup().click(screen.getByRole('tab', { name: 'People' }));
    expect(screen.getByTestId('where').textContent).toBe('/search?q=harbour&kind=users');
    await waitFor(() =>
      expect(fetch.mock.calls.map((c) => c[0])).toContain('/api/search?q=harbour&kind=users'),
    );
  });

  it('marks the matched words of a post with <mark>, from ranges', async () => {
    const post = {
      ...postSummary({
        author: { id: 'u1', username: 'harbour_cat', displayedRole: 'member' },
        section: 'general',
        title: 'Haïkus du métro',
        excerpt: '…three <b>lines</b> about haïkus',
      }),
      highlight: { title: [[0, 6]], excerpt: [[26, 32]] },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json({ ...results, posts: [post] }))),
    );
    const { container } = renderAt('/search?q=haiku&kind=posts');
    expect(await screen.findByRole('link', { name: 'Haïkus du métro' })).toBeVisible();
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Haïkus',
      'haïkus',
    ]);
    // The excerpt's text stays text.
    expect(screen.getByText(/three <b>lines<\/b>/)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Section' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Provenance' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Author (username)' })).toBeVisible();
  });

  it('asks for more characters below the minimum, without searching', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(results)));
    vi.stubGlobal('fetch', fetch);
    renderAt('/search?q=a');
    expect(await screen.findByText('Type at least 2 characters to search.')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});
