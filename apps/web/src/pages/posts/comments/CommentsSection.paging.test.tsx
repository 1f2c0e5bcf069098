/**
 * A long thread renders a window at a time: 20 comments, then 20 more per "Load more comments"
 * (fetching the server's next page once the loaded ones are all shown); 3 replies per comment, the
 * rest behind "Show N more replies"; a `#comment-…` / `#reply-…` link loads and shows its target.
 * Where the browser has IntersectionObserver, the first render holds 4 comments and the rest of
 * the window follows when their end comes near the viewport (jsdom has none: the other tests see
 * the whole window, as an old browser would), a few comments per task after the first 4.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment, CommentReply, Page, PublicUser } from '@atelier/shared';
import { renderInApp } from '../../../test/render.tsx';
import { CommentsSection } from './CommentsSection.tsx';

const postId = '00000000-0000-4000-8000-000000000002';
const ana: PublicUser = { id: 'u-ana', username: 'ana', displayedRole: 'member' };
const at = '2026-11-20T10:00:00.000Z';

function reply(commentId: string, n: number): CommentReply {
  return {
    id: `${commentId}-r${n}`,
    commentId,
    postId,
    author: ana,
    body: `Reply ${n} to ${commentId}`,
    bodyHtml: `<p>Reply ${n} to ${commentId}</p>`,
    replyingTo: { author: ana, replyId: null, excerpt: 'a comment' },
    likeCount: 0,
    liked: false,
    createdAt: at,
    editionCount: 0,
    editionTimestamp: null,
  };
}

function comment(n: number, replies = 0): Comment {
  const id = `c${n}`;
  return {
    id,
    postId,
    author: ana,
    body: `Comment number ${n}`,
    bodyHtml: `<p>Comment number ${n}</p>`,
    deleted: false,
    likeCount: 0,
    replyCount: replies,
    liked: false,
    createdAt: at,
    editionCount: 0,
    editionTimestamp: null,
    replies: Array.from({ length: replies }, (_, i) => reply(id, i + 1)),
  };
}

/** 60 comments: the server's first page holds 1–50, the second 51–60; c2 and c55 have 5 replies. */
const all = Array.from({ length: 60 }, (_, i) =>
  comment(i + 1, i + 1 === 2 || i + 1 === 55 ? 5 : 0),
);
const pages: Record<string, Page<Comment>> = {
  first: { items: all.slice(0, 50), nextCursor: 'page2' },
  page2: { items: all.slice(50), nextCursor: null },
};

function stubServer() {
  const fetch = vi.fn((url: string) => {
    if (url === '/api/me')
      return Promise.resolve(
        Response.json({
          id: 'u-other',
          isModerator: false,
          roles: ['member'],
          hasAccess: true,
          isBanned: false,
        }),
      );
    if (url.startsWith(`/api/posts/${postId}/comments`)) {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      return Promise.resolve(Response.json(pages[cursor ?? 'first']));
    }
    return Promise.resolve(Response.json({}, { status: 404 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const commentCalls = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls.filter(([url]) => url.startsWith(`/api/posts/${postId}/comments`)).length;

function renderSection(hash = '') {
  renderInApp(<CommentsSection postId={postId} />, { path: `/posts/${postId}${hash}` });
}

const shownComments = () => screen.getAllByTestId('comment').map((c) => c.id);
const ids = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `comment-c${from + i}`);

// Rendering dozens of Markdown comments in jsdom is slow on a loaded machine: generous readiness waits.
const ready = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CommentsSection paging', () => {
  it('renders 20 comments at a time and fetches the next page only when the loaded ones are shown', async () => {
    const fetch = stubServer();
    renderSection();
    await screen.findAllByTestId('comment', {}, ready);
    // The first 4 at once, then the rest of the window a few per task.
    await waitFor(() => expect(shownComments()).toEqual(ids(1, 20)), ready);
    const user = userEvent.setup();
    const more = () => screen.getByRole('button', { name: 'Load more comments' });
    await user.click(more());
    await waitFor(() => expect(shownComments()).toEqual(ids(1, 40)), ready);
    expect(commentCalls(fetch)).toBe(1);
    await user.click(more());
    await waitFor(() => expect(shownComments()).toEqual(ids(1, 60)), ready);
    expect(commentCalls(fetch)).toBe(2);
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  });

  it('renders 4 comments first, and the rest of the window when their end nears the viewport', async () => {
    const observers: FakeObserver[] = [];
    class FakeObserver {
      target: Element | null = null;
      connected = true;
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.target = target;
      }
      disconnect() {
        this.connected = false;
      }
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    stubServer();
    renderSection();
    await screen.findAllByTestId('comment', {}, ready);
    // Two in the first task, two in the next: the 4 of the first render, and no more until asked.
    await waitFor(() => expect(shownComments()).toEqual(ids(1, 4)), ready);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shownComments()).toEqual(ids(1, 4));
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
    const watching = observers.find((o) => o.connected && o.target);
    expect(watching).toBeDefined();
    act(() =>
      watching!.callback(
        [{ isIntersecting: true, target: watching!.target! } as IntersectionObserverEntry],
        watching as unknown as IntersectionObserver,
      ),
    );
    await waitFor(() => expect(shownComments()).toEqual(ids(1, 20)), ready);
    expect(screen.getByRole('button', { name: 'Load more comments' })).toBeInTheDocument();
  });

  it('shows the first 3 replies of a comment and the rest on demand', async () => {
    stubServer();
    renderSection();
    const second = (await screen.findAllByTestId('comment', {}, ready))[1]!;
    expect(within(second).getAllByTestId('comment-reply')).toHaveLength(3);
    const user = userEvent.setup();
    await user.click(within(second).getByRole('button', { name: 'Show 2 more replies' }));
    expect(within(second).getAllByTestId('comment-reply')).toHaveLength(5);
    expect(within(second).queryByRole('button', { name: /more repl/ })).not.toBeInTheDocument();
  });

  it('loads the page of a linked comment and shows it', async () => {
    stubServer();
    renderSection('#comment-c58');
    await waitFor(() => expect(document.getElementById('comment-c58')).not.toBeNull(), ready);
    expect(shownComments()).toEqual(ids(1, 58));
  });

  it('shows a linked reply hidden behind "Show more replies"', async () => {
    stubServer();
    renderSection('#reply-c55-r5');
    await waitFor(() => expect(document.getElementById('reply-c55-r5')).not.toBeNull(), ready);
    const linked = document.getElementById('comment-c55')!;
    expect(within(linked).getAllByTestId('comment-reply')).toHaveLength(5);
    // Other comments keep their replies folded.
    const second = document.getElementById('comment-c2')!;
    expect(within(second).getAllByTestId('comment-reply')).toHaveLength(3);
  });
});
