/** The section page: not-found, "New post" only for those who may post, filters in the URL, Load more. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Page, PostSummary, RoleId, Section } from '@atelier/shared';
import { queryKeys } from '../../api/keys.ts';
import { tagKeys } from '../../api/tags.ts';
import SectionPage from './SectionPage.tsx';
import { postSummary } from '../../test/fixtures.ts';

const names = (en: string) => ({ en, ko: en, fr: en, es: en });
const writing: Section = {
  slug: 'writing',
  type: 'writer',
  name: names('Writing'),
  description: names('Stories and poems'),
  order: 1,
  postCount: 21,
};

const post = (i: number): PostSummary =>
  postSummary({ id: `p${i}`, title: `Post ${i}`, createdAt: new Date().toISOString() });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

function renderPage(roles: RoleId[], path = '/sections/writing') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(queryKeys.me, {
    id: 'me',
    roles,
    isModerator: false,
    hasAccess: true,
  });
  client.setQueryData(tagKeys.all, []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/sections/:section"
            element={
              <>
                <SectionPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function stubServer() {
  const fetch = vi.fn((url: string) => {
    if (url === '/api/sections/writing') return Promise.resolve(json(200, writing));
    if (url === '/api/sections/nope')
      return Promise.resolve(
        json(404, { error: { code: 'errors.sectionNotFound', message: 'no' } }),
      );
    if (url.startsWith('/api/sections/writing/posts')) {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      const body: Page<PostSummary> = cursor
        ? { items: [post(21)], nextCursor: null }
        : { items: Array.from({ length: 20 }, (_, i) => post(i + 1)), nextCursor: 'c20' };
      return Promise.resolve(json(200, body));
    }
    return Promise.resolve(json(404, {}));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('SectionPage', () => {
  it('says so when the section does not exist', async () => {
    stubServer();
    renderPage(['member'], '/sections/nope');
    expect(await screen.findByRole('heading', { name: 'Section not found' })).toBeVisible();
  });

  it('offers "New post" only to those who may post in the section', async () => {
    stubServer();
    const { unmount } = renderPage(['member']);
    await screen.findByRole('heading', { name: 'Writing' });
    expect(screen.queryByRole('link', { name: 'New post' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Only writers can post in this section. Your role does not allow it yet.'),
    ).toBeVisible();
    unmount();
    renderPage(['probation-writer']);
    const link = await screen.findByRole('link', { name: 'New post' });
    expect(link.getAttribute('href')).toBe('/posts/new?section=writing');
    expect(screen.getByText('On probation: at most 3 posts a day here.')).toBeVisible();
  });

  it('loads the next page with the cursor, and keeps the sort and filters in the URL', async () => {
    const fetch = stubServer();
    renderPage(['member']);
    expect(await screen.findByText('Post 20')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Post 21')).toBeVisible();
    expect(fetch.mock.calls.map((c) => c[0])).toContain(
      '/api/sections/writing/posts?sort=new&cursor=c20',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Most liked' }));
    expect(screen.getByTestId('search').textContent).toBe('?sort=top');
    await waitFor(() =>
      expect(fetch.mock.calls.map((c) => c[0])).toContain('/api/sections/writing/posts?sort=top'),
    );
  });
});
