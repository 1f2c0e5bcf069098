/**
 * The bell and its menu: badge rule, entry texts per type, click → dismiss + navigate, the
 * Dismiss button of the other types, "Dismiss all".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Notification, PublicUser } from '@atelier/shared';
import NotificationMenu, { notificationTarget } from './NotificationMenu.tsx';
import { NotificationBellView } from './NotificationBell.tsx';

const author: PublicUser = { id: 'u-b', username: 'bob', displayedRole: 'member' };
/** What every notification here has, from `author`, sent now. */
const from = (author: PublicUser) => ({
  timestamp: new Date().toISOString(),
  recipientId: 'u-a',
  dismissed: false,
  dismissedTimestamp: null,
  author,
});
const base = from(author);
const post = { postId: 'p1', postAuthorId: 'u-a', title: 'Glazes' };

const comment: Notification = {
  ...base,
  id: 'n1',
  type: 'comment',
  post,
  commentId: 'c1',
  content: 'Nice **work**',
};
const reply: Notification = {
  ...base,
  id: 'n2',
  type: 'commentReply',
  post,
  commentId: 'c1',
  replyId: 'r1',
  content: 'Agreed',
  repliedContent: 'Nice',
};
const status: Notification = {
  ...base,
  id: 'n3',
  type: 'statusReply',
  statusId: 's1',
  content: 'Welcome',
  repliedContent: 'Hi',
};
const removal: Notification = {
  ...base,
  id: 'n4',
  type: 'postRemoval',
  post,
  reason: 'spam',
  otherReason: null,
};

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.hash}`}</p>;
}

function renderMenu(notifications: Notification[], onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const anchor = document.createElement('button');
  document.body.appendChild(anchor);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Where />
                <NotificationMenu anchor={anchor} notifications={notifications} onClose={onClose} />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onClose;
}

afterEach(() => vi.restoreAllMocks());

describe('NotificationBellView', () => {
  it('names the count and hides the badge at 0', async () => {
    const { rerender } = render(
      <NotificationBellView count={0} reconnecting={false} onOpen={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Notifications (0)' })).toBeEnabled();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
    rerender(<NotificationBellView count={3} reconnecting={false} onOpen={() => {}} />);
    expect(screen.getByRole('button', { name: 'Notifications (3)' })).toBeEnabled();
    expect(screen.getByText('3')).toBeVisible();
    rerender(<NotificationBellView count={10} reconnecting onOpen={() => {}} />);
    expect(screen.getByText('9+')).toBeVisible();
    // The dot's code (MUI's Tooltip) loads when the socket is first down.
    expect(await screen.findByRole('status', { name: 'Reconnecting…' })).toBeVisible();
  });
});

describe('NotificationMenu', () => {
  it('shows the text of each type, its excerpt and the rules reminder', () => {
    renderMenu([comment, reply, status, removal]);
    expect(screen.getByText('bob commented on “Glazes”')).toBeVisible();
    expect(screen.getByText('bob replied to your comment on “Glazes”')).toBeVisible();
    expect(screen.getByText('bob replied to your status update')).toBeVisible();
    expect(screen.getByText('Your post “Glazes” was removed: spam')).toBeVisible();
    expect(screen.getByText(/read the community rules/)).toBeVisible();
    expect(screen.getByText('Nice work')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);
  });

  it('shows grouped likes and mentions; they open their target; "See all" leads to the page', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const like: Notification = {
      ...base,
      id: 'n5',
      type: 'like',
      target: 'comment',
      post,
      statusId: null,
      commentId: 'c1',
      replyId: null,
      content: 'My comment',
      likerCount: 2,
    };
    const mention: Notification = {
      ...base,
      id: 'n6',
      type: 'mention',
      target: 'post',
      post,
      commentId: null,
      replyId: null,
      content: 'Hello @ana',
    };
    renderMenu([like, mention]);
    expect(screen.getByText('bob and 1 other liked your comment on “Glazes”')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await userEvent.click(screen.getByText('bob mentioned you in “Glazes”'));
    expect(screen.getByTestId('where').textContent).toBe('/posts/p1');
  });

  it('shows the empty state', () => {
    renderMenu([]);
    expect(screen.getByText('No new notifications.')).toBeVisible();
  });

  it('dismisses and opens the post at the reply on click', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ ...reply, dismissed: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onClose = renderMenu([reply]);
    await userEvent.click(screen.getByText('bob replied to your comment on “Glazes”'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url as string).toBe('/api/notifications/n2/dismiss');
    expect(init?.method).toBe('POST');
    expect(screen.getByTestId('where').textContent).toBe('/posts/p1#reply-r1');
    expect(onClose).toHaveBeenCalled();
  });

  it('dismisses a status reply with its button', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    renderMenu([status]);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0] as string).toBe('/api/notifications/n3/dismiss');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('dismisses all with one button, shown only when there is something to dismiss', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ dismissed: 2, dismissedTimestamp: new Date().toISOString() }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderMenu([status, removal]);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url as string).toBe('/api/notifications/dismiss-all');
    expect(init?.method).toBe('POST');
  });

  it('has no Dismiss all button when the list is empty', () => {
    renderMenu([]);
    expect(screen.queryByRole('button', { name: 'Dismiss all' })).toBeNull();
  });

  it('shows an approval and a promotion with the role’s name, and the promotion’s note', () => {
    const base = from({ id: 'u-m', username: 'mia', displayedRole: 'moderator' });
    renderMenu([
      { ...base, id: 'n8', type: 'applicationApproved', role: 'probation-writer' },
      { ...base, id: 'n9', type: 'promotion', role: 'advanced-writer', note: 'Keep it up' },
    ]);
    expect(
      screen.getByText('mia approved your application: welcome, you are now Writer on probation'),
    ).toBeVisible();
    expect(screen.getByText('mia promoted you to Advanced writer')).toBeVisible();
    expect(screen.getByText('Keep it up')).toBeVisible();
  });

  it('shows a credit with its kind and the credited post, and opens the crediting post', () => {
    const base = from({ id: 'u-b', username: 'bo', displayedRole: 'member' });
    const credit = {
      ...base,
      id: 'n10',
      type: 'credit' as const,
      kind: 'translation' as const,
      post: { postId: 'p2', postAuthorId: 'u-b', title: 'Subway haiku' },
      sourceTitle: 'Haïkus du métro',
    };
    renderMenu([credit]);
    expect(screen.getByText('bo translated your post “Haïkus du métro”')).toBeVisible();
    expect(screen.getByText('Subway haiku')).toBeVisible();
    expect(notificationTarget(credit)).toBe('/posts/p2');
  });
});
