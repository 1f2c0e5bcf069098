/**
 * The post page: a removed post says why, Edit/Delete only for the author or a moderator, one view
 * counted per opening, and the image lightbox works by keyboard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser, Media, Post } from '@atelier/shared';
import { ConfirmContext, SnackbarContext } from '../../app/feedback/context.ts';
import { queryKeys } from '../../api/keys.ts';
import { tagKeys } from '../../api/tags.ts';
import { PostView } from './PostView.tsx';

const image = (n: number): Media => ({
  id: `m${n}`,
  kind: 'image',
  url: `/media/${n}.webp`,
  thumbnailUrl: `/media/${n}-t.webp`,
  width: 800,
  height: 600,
  bytes: 1000,
  mime: 'image/webp',
});

const basePost: Post = {
  id: 'p1',
  author: { id: 'author', username: 'ada', displayedRole: 'advanced-writer' },
  section: 'writing',
  title: 'Harbour',
  excerpt: '',
  body: 'Some **words**.',
  provenance: 'human',
  tools: '',
  tags: [],
  cover: null,
  media: [image(1), image(2), image(3)],
  mediaCount: 3,
  likeCount: 2,
  commentCount: 0,
  viewCount: 5,
  liked: false,
  createdAt: new Date().toISOString(),
  editionCount: 0,
  editionTimestamp: null,
  state: 'published',
  removal: null,
};

const user = (id: string, isModerator = false) =>
  ({ id, roles: isModerator ? ['moderator'] : ['member'], isModerator }) as unknown as CurrentUser;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderView(post: Post, me: CurrentUser) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      json(url.endsWith('/views') ? { viewCount: 6 } : { items: [], nextCursor: null }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(queryKeys.sections, []);
  client.setQueryData(tagKeys.all, []);
  const view = render(
    <QueryClientProvider client={client}>
      <SnackbarContext value={{ show: () => undefined }}>
        <ConfirmContext value={{ confirm: () => Promise.resolve(false) }}>
          <MemoryRouter>
            <PostView post={post} me={me} />
          </MemoryRouter>
        </ConfirmContext>
      </SnackbarContext>
    </QueryClientProvider>,
  );
  return { fetch, ...view };
}

afterEach(() => vi.unstubAllGlobals());

describe('PostView', { timeout: 15_000 }, () => {
  it('shows the body and counts one view per opening', async () => {
    const { fetch, rerender } = renderView(basePost, user('reader'));
    expect(screen.getByText('words').tagName).toBe('STRONG');
    await vi.waitFor(() =>
      expect(fetch.mock.calls.filter((c) => c[0] === '/api/posts/p1/views')).toHaveLength(1),
    );
    rerender(<></>);
    expect(fetch.mock.calls.filter((c) => c[0] === '/api/posts/p1/views')).toHaveLength(1);
  });

  it('offers Edit and Delete to the author and moderators only', () => {
    const { unmount } = renderView(basePost, user('reader'));
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    unmount();
    renderView(basePost, user('author'));
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/posts/p1?edit=1',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('says a removed post was removed, and why', () => {
    renderView(
      { ...basePost, state: 'removed', removal: { reason: 'wrongSection', otherReason: null } },
      user('author'),
    );
    expect(screen.getByText('This post was removed by a moderator')).toBeVisible();
    expect(screen.getByText(/Reason: wrong section\./)).toBeVisible();
  });

  it('opens images in a lightbox that arrow keys browse and Esc closes', async () => {
    renderView(basePost, user('reader'));
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Open image 2 of 3' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/2.webp');
    await u.keyboard('{ArrowRight}');
    expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('src')).toBe(
      '/media/3.webp',
    );
    await u.keyboard('{ArrowRight}');
    expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('src')).toBe(
      '/media/1.webp',
    );
    await u.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous image' }),
    );
    expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('src')).toBe(
      '/media/3.webp',
    );
    await u.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
