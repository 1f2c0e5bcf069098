/**
 * The approval dialog as a form of `useZodForm`: the probation role of the requested type is
 * preselected and sent; another grantable role can be chosen; a refusal keeps it open.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Application, GrantableRole } from '@atelier/shared';
import { ApiError } from '../../api/client.ts';
import { ApproveDialog } from './ApproveDialog.tsx';

const application = {
  id: 'a1',
  applicant: { id: 'u1', username: 'lia' },
  requestedType: 'writer',
} as Application;

function renderDialog(onSubmit: (role: GrantableRole) => Promise<unknown>) {
  const onClose = vi.fn();
  render(<ApproveDialog application={application} onSubmit={onSubmit} onClose={onClose} />);
  return { onClose };
}

describe('ApproveDialog', () => {
  it('sends the probation role of the requested type by default', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { onClose } = renderDialog(onSubmit);
    expect(screen.getByRole('combobox', { name: 'Role to grant' })).toHaveTextContent(
      'Writer on probation',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith('probation-writer');
  });

  it('sends the role chosen instead', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderDialog(onSubmit);
    await userEvent.click(screen.getByRole('combobox', { name: 'Role to grant' }));
    await userEvent.click(screen.getByRole('option', { name: 'Member' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('member'));
  });

  it('stays open with the server’s error', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(new ApiError(409, 'errors.applicationNotPending', 'not pending')),
    );
    const { onClose } = renderDialog(onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
