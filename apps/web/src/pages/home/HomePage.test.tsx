/** Home: each section with its latest post, the site's numbers in compact form, the status column. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HomeData } from '@atelier/shared';
import { ConfirmContext, SnackbarContext } from '../../app/feedback/context.ts';
import { queryKeys } from '../../api/keys.ts';
import HomePage from './HomePage.tsx';

const names = (en: string, ko = en) => ({ en, ko, fr: en, es: en });
const home: HomeData = {
  sections: [
    {
      slug: 'writing',
      type: 'writer',
      name: names('Writing'),
      description: names('Stories and poems'),
      order: 0,
      postCount: 12,
      lastPost: {
        id: 'p9',
        title: 'The lighthouse keeper',
        provenance: 'aiAssisted',
        author: { id: 'u1', username: 'ada', displayedRole: 'advanced-writer' },
        createdAt: new Date().toISOString(),
      },
    },
    {
      slug: 'general',
      type: 'open',
      name: names('General'),
      description: names('Anything'),
      order: 1,
      postCount: 0,
      lastPost: null,
    },
  ],
  statusUpdates: [],
  stats: { members: 1234, posts: 12, comments: 0, statusUpdates: 1 },
};

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', { timeout: 15_000 }, () => {
  it('maps the sections with their latest post and shows the numbers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify(home), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queryKeys.me, { id: 'me', roles: ['member'], isModerator: false });
    render(
      <QueryClientProvider client={client}>
        <SnackbarContext value={{ show: () => undefined }}>
          <ConfirmContext value={{ confirm: () => Promise.resolve(false) }}>
            <MemoryRouter>
              <HomePage />
            </MemoryRouter>
          </ConfirmContext>
        </SnackbarContext>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('link', { name: 'Writing' })).getAttribute('href')).toBe(
      '/sections/writing',
    );
    expect(screen.getByRole('link', { name: 'The lighthouse keeper' }).getAttribute('href')).toBe(
      '/posts/p9',
    );
    expect(screen.getByText('12 posts')).toBeVisible();
    // The latest post shows its provenance, as every card does.
    expect(screen.getByText('AI-assisted')).toBeVisible();
    expect(screen.getByText('No posts yet — be the first.')).toBeVisible();
    const stats = screen.getByRole('region', { name: 'Atelier in numbers' });
    expect(within(stats).getByText('1.2K')).toBeVisible();
    expect(within(stats).getByText('members')).toBeVisible();
    expect(within(stats).getByText('status update')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Status updates' })).toBeVisible();
  });
});
