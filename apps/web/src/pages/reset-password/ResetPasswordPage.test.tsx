/**
 * Asking for a reset link, as a form of `useZodForm` (`EmailRequestForm`): an empty or bad
 * address is refused before any request; the server's field error lands on the field; a sent
 * request says where the link went and offers to send again.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fillAndSubmit, json, renderForm, sentBody, stubFetch } from '../../test/forms.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';

const open = () =>
  renderForm(<ResetPasswordPage />, {
    path: '/reset-password',
    labels: { email: 'E-mail' },
    submit: 'Send the link',
  });

describe('ResetPasswordPage', { timeout: 30_000 }, () => {
  it('says where the link went, then offers to send again', async () => {
    const fetch = stubFetch(() => json({ status: true }));
    const form = open();
    await fillAndSubmit(form, { email: ' Ana@Example.com' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for ana@example.com, a link is on its way.',
    );
    expect(form.submit).toHaveAccessibleName('Send again');
    expect(sentBody(fetch, '/api/auth/request-password-reset')).toEqual({
      email: 'ana@example.com',
    });
    expect(await screen.findByRole('link', { name: 'Back to log in' })).toBeInTheDocument();
  });
});
