/**
 * The like button's settle logic: optimistic flips, one request in flight, rapid taps settle to
 * the last wanted state with the server's count, an error reverts and tells.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LikeState } from '@atelier/shared';
import { SnackbarContext } from '../app/feedback/context.ts';
import { LikeSync, type LikeCallbacks, type LikeView } from '../api/likes.ts';
import { renderInApp } from '../test/render.tsx';
import { LikeButton } from './LikeButton.tsx';

interface Deferred {
  liked: boolean;
  resolve: (state: LikeState) => void;
  reject: (err: unknown) => void;
}

function fakeServer() {
  const calls: Deferred[] = [];
  const send = (liked: boolean) =>
    new Promise<LikeState>((resolve, reject) => {
      calls.push({ liked, resolve, reject });
    });
  return { calls, send };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A LikeSync sending to a fake server; `cb` records each view it shows, then calls `more`. */
function syncToFakeServer(more: Pick<LikeCallbacks, 'onSettled' | 'onError'> = {}) {
  const server = fakeServer();
  const views: LikeView[] = [];
  const sync = new LikeSync();
  const cb: LikeCallbacks = { send: server.send, onChange: (v) => views.push(v), ...more };
  return { server, views, sync, cb };
}

describe('LikeSync', () => {
  it('flips at once and shows the server count when the request returns', async () => {
    const onSettled = vi.fn();
    const { server, views, sync, cb } = syncToFakeServer({ onSettled });
    sync.toggle({ liked: false, likeCount: 4 }, cb);
    expect(views.at(-1)).toEqual({ liked: true, likeCount: 5, pending: true });
    expect(server.calls).toHaveLength(1);
    server.calls[0]!.resolve({ liked: true, likeCount: 9 });
    await tick();
    expect(views.at(-1)).toEqual({ liked: true, likeCount: 9, pending: false });
    expect(onSettled).toHaveBeenCalledWith({ liked: true, likeCount: 9 });
  });

  it('keeps one request in flight and settles to the last tap', async () => {
    const { server, views, sync, cb } = syncToFakeServer();
    let shown: LikeState = { liked: false, likeCount: 2 };
    const tap = () => {
      sync.toggle(shown, cb);
      shown = views.at(-1)!;
    };
    tap(); // like
    tap(); // unlike
    tap(); // like
    expect(shown).toEqual({ liked: true, likeCount: 3, pending: true });
    expect(server.calls).toHaveLength(1);
    tap(); // unlike: wanted differs from the first request's result
    server.calls[0]!.resolve({ liked: true, likeCount: 3 });
    await tick();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]!.liked).toBe(false);
    expect(views.at(-1)!.pending).toBe(true);
    server.calls[1]!.resolve({ liked: false, likeCount: 1 });
    await tick();
    expect(server.calls).toHaveLength(2);
    expect(views.at(-1)).toEqual({ liked: false, likeCount: 1, pending: false });
  });

  it('sends nothing more when the taps come back to what the server has', async () => {
    const { server, views, sync, cb } = syncToFakeServer();
    sync.toggle({ liked: false, likeCount: 0 }, cb);
    sync.toggle(views.at(-1)!, cb);
    sync.toggle(views.at(-1)!, cb);
    server.calls[0]!.resolve({ liked: true, likeCount: 1 });
    await tick();
    expect(server.calls).toHaveLength(1);
    expect(views.at(-1)).toEqual({ liked: true, likeCount: 1, pending: false });
  });

  it('reverts to the last confirmed state on an error', async () => {
    const onError = vi.fn();
    const { server, views, sync, cb } = syncToFakeServer({ onError });
    sync.toggle({ liked: true, likeCount: 7 }, cb);
    expect(views.at(-1)).toEqual({ liked: false, likeCount: 6, pending: true });
    server.calls[0]!.reject(new Error('down'));
    await tick();
    expect(views.at(-1)).toEqual({ liked: true, likeCount: 7, pending: false });
    expect(onError).toHaveBeenCalledOnce();
    // Usable again afterwards.
    sync.toggle(views.at(-1)!, cb);
    expect(server.calls).toHaveLength(2);
  });
});

describe('LikeButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderButton(show = vi.fn()) {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    render(
      <QueryClientProvider client={client}>
        <SnackbarContext value={{ show }}>
          <LikeButton target="comment" id="c1" liked={false} likeCount={1234} />
        </SnackbarContext>
      </QueryClientProvider>,
    );
    return show;
  }

  it('is a labelled toggle with a compact count, PUTs then DELETEs on the right path', async () => {
    const resolvers: ((r: Response) => void)[] = [];
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          resolvers.push(resolve);
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderButton();
    const button = screen.getByRole('button', { name: 'Like (1234 likes)' });
    expect(screen.getByRole('button', { name: '1.2K likes — see who liked' }).textContent).toBe(
      '1.2K',
    );
    expect(button.getAttribute('aria-pressed')).toBe('false');
    const user = userEvent.setup();
    await user.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Unlike (1235 likes)');
    await user.click(button); // wanted: not liked, while the PUT is in flight
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toMatchObject(['/api/comments/c1/like', { method: 'PUT' }]);
    await act(async () => {
      resolvers[0]!(Response.json({ liked: true, likeCount: 1240 }));
      await tick();
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]).toMatchObject(['/api/comments/c1/like', { method: 'DELETE' }]);
    await act(async () => {
      resolvers[1]!(Response.json({ liked: false, likeCount: 1239 }));
      await tick();
    });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Like (1239 likes)');
  });

  it('reverts and shows the snackbar when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json({ error: { code: 'errors.notFound', message: 'x' } }, { status: 404 }),
        ),
      ),
    );
    const show = renderButton();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Like (1234 likes)' });
    await user.click(button);
    await act(tick);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Like (1234 likes)');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'error' }));
  });
});

describe('LikeButton props', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows new props when idle, and ignores props that raced a request in flight', async () => {
    const resolvers: ((r: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            resolvers.push(resolve);
          }),
      ),
    );
    const client = new QueryClient();
    const ui = (liked: boolean, likeCount: number) => (
      <QueryClientProvider client={client}>
        <SnackbarContext value={{ show: vi.fn() }}>
          <LikeButton target="post" id="p1" liked={liked} likeCount={likeCount} />
        </SnackbarContext>
      </QueryClientProvider>
    );
    const { rerender } = render(ui(false, 2));
    rerender(ui(false, 5)); // a refetch while idle
    const button = screen.getByTestId('like-button');
    const count = screen.getByTestId('likers-button');
    expect(count.textContent).toBe('5');
    await userEvent.setup().click(button);
    expect(count.textContent).toBe('6');
    rerender(ui(false, 7)); // a refetch that raced the PUT
    expect(count.textContent).toBe('6');
    await act(async () => {
      resolvers[0]!(Response.json({ liked: true, likeCount: 8 }));
      await tick();
    });
    expect(count.textContent).toBe('8');
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('who liked', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens a dialog listing likers with their roles, and loads the next page', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url.includes('cursor=')
          ? Response.json({
              items: [
                {
                  user: { id: 'u3', username: 'Cleo', displayedRole: 'member' },
                  likedAt: '2026-01-01T10:00:00Z',
                },
              ],
              nextCursor: null,
            })
          : Response.json({
              items: [
                {
                  user: { id: 'u1', username: 'Ada', displayedRole: 'moderator' },
                  likedAt: '2026-01-02T10:00:00Z',
                },
                {
                  user: { id: 'u2', username: 'Bo', displayedRole: 'advanced-writer' },
                  likedAt: '2026-01-01T11:00:00Z',
                },
              ],
              nextCursor: 'next',
            }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderInApp(<LikeButton target="statusReply" id="r1" liked={false} likeCount={3} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '3 likes — see who liked' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who liked' });
    await within(dialog).findByRole('link', { name: 'Ada' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/status-replies/r1/likes');
    expect(within(dialog).getByText('Moderator')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Bo' }).getAttribute('href')).toBe('/users/u2');
    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    await within(dialog).findByRole('link', { name: 'Cleo' });
    expect(fetch.mock.calls[1]![0]).toBe('/api/status-replies/r1/likes?cursor=next');
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('cannot be opened when nobody liked', () => {
    renderInApp(<LikeButton target="post" id="p1" liked={false} likeCount={0} />);
    expect(screen.getByRole('button', { name: '0 likes — see who liked' })).toBeDisabled();
  });
});
