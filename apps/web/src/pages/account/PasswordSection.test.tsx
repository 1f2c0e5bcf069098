/**
 * Changing one's password as a form of `useZodForm`: both fields checked by the shared schema
 * before any request; a wrong current password shows on that field (not above the form); a
 * change empties the fields and says so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from '../../app/feedback/SnackbarProvider.tsx';
import { PasswordSection } from './PasswordSection.tsx';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderSection() {
  render(
    <SnackbarProvider>
      <PasswordSection />
    </SnackbarProvider>,
  );
  return {
    current: screen.getByLabelText('Current password'),
    next: screen.getByLabelText('New password'),
    submit: screen.getByRole('button', { name: 'Change password' }),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('PasswordSection', () => {
  it('checks both fields before sending anything', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { current, submit } = renderSection();
    await userEvent.click(submit);
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a wrong current password on its field', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: { code: 'errors.auth.INVALID_PASSWORD', message: 'Invalid password' } }, 400),
    );
    const { current, next, submit } = renderSection();
    await userEvent.type(current, 'not-my-password');
    await userEvent.type(next, 'a new long passphrase 42');
    await userEvent.click(submit);
    expect(await screen.findByText('The current password is wrong.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('changes the password and empties the fields', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ token: null }));
    const { current, next, submit } = renderSection();
    await userEvent.type(current, 'my old passphrase 1');
    await userEvent.type(next, 'a new long passphrase 42');
    await userEvent.click(submit);
    expect(
      await screen.findByText('Password changed. Your other sessions were signed out.'),
    ).toBeInTheDocument();
    expect(JSON.parse(fetch.mock.calls[0]![1]?.body as string)).toEqual({
      currentPassword: 'my old passphrase 1',
      newPassword: 'a new long passphrase 42',
      revokeOtherSessions: true,
    });
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
  });
});
