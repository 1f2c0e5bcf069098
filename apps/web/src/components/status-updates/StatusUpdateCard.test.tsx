/**
 * A status update on the shared conversation item: its author edits and deletes it (after a
 * confirmation with the status update's words), the reply count opens the replies with their
 * quotes, and "Reply to @user" moves the composer to that person.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser, StatusReply, StatusUpdate } from '@atelier/shared';
import type { ConfirmRequest, SnackbarRequest } from '../../app/feedback/context.ts';
import { renderInApp } from '../../test/render.tsx';
import { StatusUpdateCard } from './StatusUpdateCard.tsx';

const ana: PublicUser = { id: 'u-ana', username: 'ana', displayedRole: 'member' };
const bo: PublicUser = { id: 'u-bo', username: 'bo', displayedRole: 'member' };
const at = '2026-11-20T10:00:00.000Z';

const update: StatusUpdate = {
  id: 's1',
  author: ana,
  content: 'Drawing hands\nall day',
  timestamp: at,
  replyCount: 1,
  likeCount: 0,
  liked: false,
  editionCount: 0,
  editionTimestamp: null,
};

const reply: StatusReply = {
  id: 'sr1',
  parentId: 's1',
  author: bo,
  content: 'Show us!',
  timestamp: at,
  replyingTo: { replyId: null, author: ana, content: 'Drawing hands all day' },
  likeCount: 0,
  liked: false,
  editionCount: 1,
  editionTimestamp: at,
};

function stubServer() {
  const fetch = vi.fn((url: string, _init?: RequestInit) => {
    if (url === '/api/session')
      return Promise.resolve(
        Response.json({
          user: { id: ana.id, roles: ['member'], hasAccess: true, isBanned: false },
        }),
      );
    if (url === '/api/status-updates/s1/replies') return Promise.resolve(Response.json([reply]));
    if (url === '/api/status-updates/s1')
      return Promise.resolve(new Response(null, { status: 204 }));
    return Promise.resolve(Response.json({}, { status: 404 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderCard() {
  const confirms: ConfirmRequest[] = [];
  const snacks: SnackbarRequest[] = [];
  renderInApp(<StatusUpdateCard update={update} />, {
    show: (req) => snacks.push(req),
    confirm: (req) => {
      confirms.push(req);
      return Promise.resolve(true);
    },
  });
  return { confirms, snacks };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StatusUpdateCard', () => {
  it('lets its author edit it in place', async () => {
    stubServer();
    renderCard();
    const card = screen.getByTestId('status-update');
    expect(within(card).getByText(/Drawing hands/).textContent).toBe('Drawing hands\nall day');
    const user = userEvent.setup();
    // The Edit button waits for the session (who may manage the update).
    await user.click(await within(card).findByRole('button', { name: 'Edit' }));
    const field = within(card).getByLabelText('Edit your status update');
    expect(field).toHaveValue('Drawing hands\nall day');
    expect(document.activeElement).toBe(field);
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByLabelText('Edit your status update')).not.toBeInTheDocument();
    // Escape in the field cancels too.
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(within(card).getByLabelText('Edit your status update')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(card).queryByLabelText('Edit your status update')).not.toBeInTheDocument();
    // The first render of the file loads MUI: slow on a busy machine.
  }, 30_000);

  it('lets its author delete it after confirming with the status update’s words', async () => {
    const fetch = stubServer();
    const { confirms, snacks } = renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(snacks).toEqual([{ message: 'Status update deleted.', color: 'success' }]),
    );
    expect(confirms[0]).toMatchObject({
      title: 'Delete this status update?',
      confirmText: 'Delete',
      confirmColor: 'error',
    });
    expect(
      fetch.mock.calls.some(
        ([url, init]) => url === '/api/status-updates/s1' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('opens the replies with their quotes and answers one of them', async () => {
    stubServer();
    renderCard();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Show 1 reply' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide 1 reply' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const list = await screen.findByRole('list', { name: 'Replies' });
    const item = within(list).getByTestId('status-reply');
    expect(within(item).getByTestId('reply-quote').textContent).toBe(
      'replying to @ana: Drawing hands all day',
    );
    expect(within(item).getByTestId('edition-marker')).toBeInTheDocument();
    // bo's reply: no edit for ana, a report instead.
    expect(within(item).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your reply to @ana')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Reply to @bo' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Your reply to @bo'));
  });
});
