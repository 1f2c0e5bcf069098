/**
 * The action row of comments, replies and status updates: like and report for everyone (report
 * hidden on one's own item), the middle action given by the item, edit and delete only with
 * `manage`, delete disabled while it runs; words from `comments.*` or `status.*`.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser, PublicUser } from '@atelier/shared';
import { queryKeys } from '../api/keys.ts';
import { SnackbarProvider } from '../app/feedback/SnackbarProvider.tsx';
import { ActionButton, ItemActions, type ItemActionsProps } from './ItemActions.tsx';

const me = { id: 'me', username: 'mina', hasAccess: true } as CurrentUser;
const bob = { id: 'bob', username: 'bob', displayedRole: 'member' } as PublicUser;

function renderRow(props: Partial<ItemActionsProps>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(queryKeys.me, me);
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <ItemActions
          target="comment"
          item={{ id: 'c1', liked: false, likeCount: 3, author: bob }}
          manage={null}
          {...props}
        >
          <ActionButton>Reply</ActionButton>
        </ItemActions>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

describe('ItemActions', () => {
  it('shows like, the middle action and report, and no edit or delete without manage', () => {
    renderRow({});
    expect(screen.getByRole('button', { name: /^Like \(/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reply' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Report/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('edits and deletes with manage; delete is disabled while it runs; no report on one’s own', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderRow({
      target: 'statusReply',
      item: { id: 's1', liked: true, likeCount: 1, author: { ...bob, id: 'me' } },
      manage: { onEdit, onDelete, deleting: true },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
  });
});
