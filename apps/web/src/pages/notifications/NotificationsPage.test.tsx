/**
 * /notifications: the history with dismissed ones, undismissed marked "New", links to each
 * target, "Load more" with the cursor, the type filter, dismissing from the page, and a live
 * notification on top.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Notification, PublicUser } from '@atelier/shared';
import { onNotificationNew } from '../../app/live/socket.ts';
import NotificationsPage from './NotificationsPage.tsx';

const ana: PublicUser = { id: 'u-ana', username: 'ana', displayedRole: 'member' };
const base = {
  timestamp: new Date(Date.now() - 60_000).toISOString(),
  recipientId: 'u-me',
  dismissedTimestamp: null,
  author: ana,
};
const post = { postId: 'p1', postAuthorId: 'u-me', title: 'Glazes' };
const mention: Notification = {
  ...base,
  id: 'n1',
  dismissed: false,
  type: 'mention',
  target: 'comment',
  post,
  commentId: 'c1',
  replyId: null,
  content: 'Ask @me',
};
const like: Notification = {
  ...base,
  id: 'n2',
  dismissed: true,
  dismissedTimestamp: base.timestamp,
  type: 'like',
  target: 'post',
  post,
  statusId: null,
  commentId: null,
  replyId: null,
  content: '',
  likerCount: 3,
};
const older: Notification = {
  ...base,
  id: 'n3',
  dismissed: true,
  type: 'statusReply',
  statusId: 's1',
  content: 'Old one',
  repliedContent: 'Hi',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function setup(responder: (url: string, init?: RequestInit) => unknown) {
  const fetchMock = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation((input, init) => Promise.resolve(json(responder(input as string, init))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/notifications']}>
        <Routes>
          <Route path="/notifications" element={<NotificationsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock, client };
}

afterEach(() => vi.restoreAllMocks());

describe('NotificationsPage', () => {
  it('lists the history with links, marks the undismissed, and loads more with the cursor', async () => {
    const { fetchMock } = setup((url) =>
      url.includes('cursor=c2')
        ? { items: [older], nextCursor: null }
        : { items: [mention, like], nextCursor: 'c2' },
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const mentionLink = within(list).getByRole('link', {
      name: 'ana mentioned you in a comment on “Glazes”',
    });
    expect(mentionLink).toHaveAttribute('href', '/posts/p1#comment-c1');
    expect(
      within(list).getByRole('link', { name: 'ana and 2 others liked your post “Glazes”' }),
    ).toHaveAttribute('href', '/posts/p1');
    expect(within(list).getAllByText('New')).toHaveLength(1);
    expect(within(list).getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('ana replied to your status update')).toBeVisible();
    expect(fetchMock.mock.calls.at(-1)![0] as string).toBe('/api/notifications/history?cursor=c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  }, 30_000);

  it('filters by type', async () => {
    const { fetchMock } = setup((url) =>
      url.includes('type=like')
        ? { items: [like], nextCursor: null }
        : { items: [mention, like], nextCursor: null },
    );
    await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Likes' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.at(-1)![0] as string).toBe(
        '/api/notifications/history?type=like',
      ),
    );
    await waitFor(() =>
      expect(screen.queryByText('ana mentioned you in a comment on “Glazes”')).toBeNull(),
    );
    expect(screen.getByText('ana and 2 others liked your post “Glazes”')).toBeVisible();
  }, 30_000);

  it('dismisses from the page: the row is no longer marked new', async () => {
    const { fetchMock } = setup((url) =>
      url.endsWith('/dismiss')
        ? { ...mention, dismissed: true, dismissedTimestamp: new Date().toISOString() }
        : { items: [mention], nextCursor: null },
    );
    await screen.findByText('New');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('New')).toBeNull());
    const dismissCall = fetchMock.mock.calls.find(([u]) => (u as string).endsWith('/dismiss'));
    expect(dismissCall![0] as string).toBe('/api/notifications/n1/dismiss');
    expect(dismissCall![1]?.method).toBe('POST');
  }, 30_000);

  it('puts a live notification on top', async () => {
    const { client } = setup(() => ({ items: [like], nextCursor: null }));
    await screen.findByText('ana and 2 others liked your post “Glazes”');
    act(() => onNotificationNew(client, { ...mention, id: 'n9' }));
    const list = screen.getByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(
      'ana mentioned you in a comment on “Glazes”',
    );
  });

  it('says when there is nothing yet', async () => {
    setup(() => ({ items: [], nextCursor: null }));
    expect(await screen.findByText('No notifications yet.')).toBeVisible();
  });
});
