/**
 * The reason dialog (ban, rejection, promotion decisions) as a form of `useZodForm`: the shared
 * schema refuses an empty reason before any request, the text is sent trimmed and the dialog
 * closes, and a field error from the server shows under the field, translated.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { banSchema } from '@atelier/shared';
import { ApiError } from '../api/client.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

function renderDialog(onSubmit: (text: string) => Promise<unknown>) {
  const onClose = vi.fn();
  render(
    <ReasonDialog
      id="ban"
      title="Ban bob?"
      description="They lose access at once."
      label="Reason"
      field="reason"
      maxLength={500}
      confirmText="Ban"
      confirmColor="error"
      schema={banSchema}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { onClose };
}

describe('ReasonDialog', () => {
  it('refuses an empty reason without sending anything', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { onClose } = renderDialog(onSubmit);
    await userEvent.type(screen.getByLabelText('Reason'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the reason trimmed, then closes', async () => {
    const onSubmit = vi.fn((text: string) => Promise.resolve(text));
    const { onClose } = renderDialog(onSubmit);
    await userEvent.type(screen.getByLabelText('Reason'), '  Spam links ');
    expect(screen.getByText('13 / 500')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith('Spam links');
  });

  it('shows the server’s field error under the field and stays open', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'errors.validation', 'invalid', { reason: 'errors.reasonTooLong' }),
      ),
    );
    const { onClose } = renderDialog(onSubmit);
    await userEvent.type(screen.getByLabelText('Reason'), 'Too long, says the server');
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(
      await screen.findByText('The reason can have at most 500 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/\/ 500/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('drops the last attempt’s error when the next one is refused before sending', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(new ApiError(409, 'errors.userAlreadyBanned', 'already banned')),
    );
    renderDialog(onSubmit);
    await userEvent.type(screen.getByLabelText('Reason'), 'Spam links');
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Reason'));
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
