/**
 * The post page: a removed post says why, Edit/Delete only for the author or a moderator, one view
 * counted per opening, and the image lightbox works by keyboard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { CurrentUser, Media, Post, PostCredits } from '@atelier/shared';
import { queryKeys } from '../../api/keys.ts';
import { tagKeys } from '../../api/tags.ts';
import { renderInApp } from '../../test/render.tsx';
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
  bodyHtml: '<p>Some <strong>words</strong>.</p>',
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

const noCredits: PostCredits = {
  postId: 'p1',
  series: null,
  credits: [],
  derivatives: { translation: [], remix: [], inspiration: [] },
};
const summary = (id: string, title: string) => {
  const { body: _b, bodyHtml: _h, media: _m, state: _s, removal: _r, ...rest } = basePost;
  return { ...rest, id, title };
};

/** The server's answer to a read of the post page: its view count, credits or comments. */
const readAnswer = (url: string, credits: PostCredits = noCredits) =>
  Promise.resolve(
    json(
      url.endsWith('/views')
        ? { viewCount: 6 }
        : url.endsWith('/credits')
          ? credits
          : { items: [], nextCursor: null },
    ),
  );

/** A query client holding the sections and tags the view reads. */
function viewClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(queryKeys.sections, []);
  client.setQueryData(tagKeys.all, []);
  return client;
}

function renderView(post: Post, me: CurrentUser, credits: PostCredits = noCredits) {
  const fetch = vi.fn((url: string) => readAnswer(url, credits));
  vi.stubGlobal('fetch', fetch);
  const client = viewClient();
  const view = renderInApp(<PostView post={post} me={me} />, { client });
  return { fetch, ...view };
}

afterEach(() => vi.unstubAllGlobals());

describe('PostView', { timeout: 15_000 }, () => {
  it('shows the body and counts one view per opening', async () => {
    const { fetch, rerender } = renderView(basePost, user('reader'));
    expect(screen.getByText('words').tagName).toBe('STRONG');
    await waitFor(() =>
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

  it('goes to the section after a deletion, even when the page showed "not found" first', async () => {
    // The DELETE is answered only once the view has gone: a live push of the deletion refetched
    // the post, and the page replaced the view with "not found" before the answer came.
    let answer: (res: Response) => void = () => undefined;
    const fetch = vi.fn((url: string, init?: RequestInit) =>
      init?.method === 'DELETE'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : readAnswer(url),
    );
    vi.stubGlobal('fetch', fetch);
    const client = viewClient();
    let hide: () => void = () => undefined;
    function Page() {
      const [shown, setShown] = useState(true);
      hide = () => setShown(false);
      return shown ? <PostView post={basePost} me={user('author')} /> : <p>Post not found</p>;
    }
    const show = vi.fn();
    renderInApp(
      <Routes>
        <Route path="/posts/p1" element={<Page />} />
        <Route path="/sections/writing" element={<p>The writing section</p>} />
      </Routes>,
      { client, path: '/posts/p1', show, confirm: () => Promise.resolve(true) },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch.mock.calls.some((c) => c[1]?.method === 'DELETE')).toBe(true));
    act(() => hide());
    expect(screen.getByText('Post not found')).toBeVisible();
    answer(new Response(null, { status: 204 }));
    expect(await screen.findByText('The writing section')).toBeVisible();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The post was deleted.' }),
    );
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
    const dialog = await screen.findByRole('dialog');
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
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the series place with previous and next, the credits and the derivatives', async () => {
    renderView(basePost, user('reader'), {
      postId: 'p1',
      series: {
        series: {
          id: 's1',
          author: basePost.author,
          title: 'Night trains',
          description: '',
          chapterCount: 3,
          createdAt: basePost.createdAt,
        },
        part: 2,
        of: 3,
        previous: { id: 'p0', title: 'Departure' },
        next: { id: 'p2', title: 'Arrival' },
        chapters: [
          { id: 'p0', title: 'Departure', part: 1 },
          { id: 'p1', title: 'Harbour', part: 2 },
          { id: 'p2', title: 'Arrival', part: 3 },
        ],
      },
      credits: [{ kind: 'translation', post: summary('src', 'Haïkus du métro') }],
      derivatives: {
        translation: [summary('t1', 'Subway haiku')],
        remix: [],
        inspiration: [],
      },
    });
    const nav = await screen.findByRole('navigation', { name: /Series: Night trains/ });
    expect(within(nav).getByText(/part 2 of 3/)).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Previous part: Departure' })).toHaveAttribute(
      'href',
      '/posts/p0',
    );
    expect(within(nav).getByRole('link', { name: 'Next part: Arrival' })).toHaveAttribute(
      'href',
      '/posts/p2',
    );
    expect(within(nav).getByText('Harbour').closest('li')).toHaveAttribute('aria-current', 'page');
    const credits = screen.getByRole('list', { name: 'Credits' });
    expect(credits).toHaveTextContent('Translation of Haïkus du métro by ada');
    const translations = screen.getByRole('region', { name: 'Translation (1)' });
    expect(within(translations).getByRole('link', { name: 'Subway haiku' })).toHaveAttribute(
      'href',
      '/posts/t1',
    );
    // Every card shows its provenance.
    expect(within(translations).getByText('Human-made')).toBeVisible();
  });

  it('shows nothing more for a post without series or credits', async () => {
    const { fetch } = renderView(basePost, user('reader'));
    await waitFor(() =>
      expect(fetch.mock.calls.some((c) => c[0] === '/api/posts/p1/credits')).toBe(true),
    );
    expect(screen.queryByRole('navigation', { name: /Series/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Credits' })).not.toBeInTheDocument();
  });
});
