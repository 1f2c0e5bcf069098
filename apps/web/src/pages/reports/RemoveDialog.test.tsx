/**
 * The removal dialog as a form of `useZodForm`: a reason is required, "Other" needs a text (both
 * checked by the shared schema before any request), and what is sent is the schema's output.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemovalInput, ReportReason } from '@atelier/shared';
import { RemoveDialog } from './RemoveDialog.tsx';

function renderDialog(
  initialReason: ReportReason | null,
  onSubmit: (input: RemovalInput) => Promise<unknown>,
) {
  const onClose = vi.fn();
  render(
    <RemoveDialog
      targetType="post"
      initialReason={initialReason}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { onClose };
}

describe('RemoveDialog', () => {
  it('asks for a reason, then for the text of "Other", before sending anything', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderDialog(null, onSubmit);
    const remove = screen.getByRole('button', { name: 'Remove' });
    await userEvent.click(remove);
    expect(await screen.findByText('Choose a reason.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.getByRole('textbox', { name: /The reason, in your words/ })).toHaveFocus();
    await userEvent.click(remove);
    expect(await screen.findByText('Say what the reason is.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the preselected reason without a text, then closes', async () => {
    const onSubmit = vi.fn((input: RemovalInput) => Promise.resolve(input));
    const { onClose } = renderDialog('spam', onSubmit);
    expect(screen.getByRole('radio', { name: 'Spam' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ reason: 'spam', otherReason: null });
  });

  it('sends "Other" with its text trimmed', async () => {
    const onSubmit = vi.fn((input: RemovalInput) => Promise.resolve(input));
    const { onClose } = renderDialog('spam', onSubmit);
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: /The reason, in your words/ }),
      ' Stolen artwork ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ reason: 'other', otherReason: 'Stolen artwork' });
  });
});
