/**
 * /reports: a group shows what was reported (with its link), how many reports, the reporters and
 * reasons, the author's notes and earlier actions, and the actions it allows; the ban-evasion list
 * and the empty state. Dismiss asks for confirmation, then posts the action.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReportGroup, ReportQueue } from '@atelier/shared';
import { ConfirmProvider } from '../../app/feedback/ConfirmProvider.tsx';
import { SnackbarProvider } from '../../app/feedback/SnackbarProvider.tsx';
import { ReportsView } from './ReportsPage.tsx';

const now = new Date().toISOString();
const mod = { id: 'm1', username: 'modmin', displayedRole: 'moderator' as const };
const author = { id: 'a1', username: 'spammy', displayedRole: 'member' as const };

const postGroup: ReportGroup = {
  targetType: 'post',
  targetId: 'p1',
  author,
  authorBanned: false,
  target: {
    exists: true,
    title: 'Buy cheap followers',
    excerpt: 'Click my link',
    link: '/posts/p1',
    removed: false,
  },
  reportCount: 2,
  firstReportedAt: now,
  lastReportedAt: now,
  reports: [
    {
      id: 'r1',
      reporter: { id: 'u1', username: 'alice', displayedRole: 'member' },
      reason: 'spam',
      otherReason: null,
      details: 'Third time this week',
      createdAt: now,
      updatedAt: now,
    },
    {
      id: 'r2',
      reporter: { id: 'u2', username: 'bob', displayedRole: 'member' },
      reason: 'other',
      otherReason: 'Scam',
      details: '',
      createdAt: now,
      updatedAt: now,
    },
  ],
  authorNotes: [{ id: 'n1', author: mod, body: 'Warned about links', createdAt: now }],
  authorActions: [
    {
      id: 1,
      action: 'commentRemoved',
      targetType: 'comment',
      moderator: mod,
      reason: 'spam',
      createdAt: now,
    },
  ],
};

const userGroup: ReportGroup = {
  ...postGroup,
  targetType: 'user',
  targetId: 'a2',
  author: { id: 'a2', username: 'gone', displayedRole: 'banned' },
  authorBanned: true,
  target: { exists: true, title: 'gone', excerpt: '', link: '/users/a2', removed: false },
  reportCount: 1,
  reports: [postGroup.reports[0]!],
  authorNotes: [],
  authorActions: [],
};

function renderView(queue: ReportQueue) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <ConfirmProvider>
          <MemoryRouter>
            <ReportsView queue={queue} />
          </MemoryRouter>
        </ConfirmProvider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ReportsView', () => {
  it('shows a group with its preview, reporters, notes, earlier actions and actions', () => {
    renderView({ groups: [postGroup], banEvasion: [] });
    const card = screen.getByRole('article', { name: 'Buy cheap followers' });
    const c = within(card);
    expect(c.getByRole('link', { name: 'Buy cheap followers' }).getAttribute('href')).toBe(
      '/posts/p1',
    );
    expect(c.getByText('2 reports')).toBeVisible();
    expect(c.getByText('Click my link')).toBeVisible();
    const reports = within(c.getByRole('region', { name: 'Reports' })).getAllByRole('listitem');
    expect(reports.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^alice · Spam · .*Third time this week$/),
      expect.stringMatching(/^bob · Other: Scam · /),
    ]);
    expect(c.getByText('Third time this week')).toBeVisible();
    expect(c.getByRole('heading', { name: 'Moderator notes about spammy' })).toBeVisible();
    expect(c.getByText('Warned about links')).toBeVisible();
    expect(c.getByText('Comment removed — Spam')).toBeVisible();
    expect(c.getByRole('button', { name: 'Dismiss' })).toBeEnabled();
    expect(c.getByRole('button', { name: 'Remove post' })).toBeEnabled();
    expect(c.getByRole('button', { name: 'Ban author' })).toBeEnabled();
    expect(screen.getByText('No account shares a browser with a banned user.')).toBeVisible();
  });

  it('offers no Remove for a user and no Ban for a banned author', () => {
    renderView({ groups: [userGroup], banEvasion: [] });
    const c = within(screen.getByRole('article', { name: 'gone' }));
    expect(c.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(c.queryByRole('button', { name: 'Ban author' })).not.toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Dismiss' })).toBeEnabled();
  });

  it('shows the empty state and the ban-evasion list', () => {
    renderView({
      groups: [],
      banEvasion: [
        {
          otherUser: { id: 'x1', username: 'newcomer', displayedRole: 'member' },
          bannedUsers: [{ user: author, banReason: 'Spam ring' }],
          visitorIds: ['fp-123', 'fp-456'],
          seenAt: now,
        },
      ],
    });
    expect(screen.getByText('No open reports. All clear!')).toBeVisible();
    const item = screen.getByTestId('ban-evasion');
    expect(within(item).getByRole('link', { name: 'newcomer' }).getAttribute('href')).toBe(
      '/users/x1',
    );
    expect(within(item).getByRole('link', { name: 'spammy' }).getAttribute('href')).toBe(
      '/users/a1',
    );
    expect(within(item).getByText('Ban reason: Spam ring')).toBeVisible();
    expect(within(item).getByText(/Visitor ids fp-123, fp-456/)).toBeVisible();
    expect(screen.getAllByTestId('ban-evasion')).toHaveLength(1);
  });

  it('dismisses after confirmation', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(null, { status: 204 }));
    renderView({ groups: [postGroup], banEvasion: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('The 2 reports are closed and the content stays as it is.'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url as string).toBe('/api/reports/post/p1/dismiss');
    expect(init?.method).toBe('POST');
  });
});
