/**
 * A verification link that does not work offers a new one, as a form of `useZodForm`
 * (`EmailRequestForm`): a bad address is refused before any request; the server's field error
 * lands on the field; a sent request says where the new link went.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fillAndSubmit, json, renderForm, sentBody, stubFetch } from '../../test/forms.tsx';
import { VerifyEmail } from './VerifyEmail.tsx';

/** Without a token: the link is refused and the resend form shows. */
const open = () =>
  renderForm(<VerifyEmail token="" />, {
    path: '/auth',
    labels: { email: 'E-mail' },
    submit: 'Resend e-mail',
  });

describe('VerifyEmail resend form', { timeout: 30_000 }, () => {
  it('shows why the link failed, then where the new one went', async () => {
    const fetch = stubFetch(() => json({ status: true }));
    const form = open();
    expect(
      screen.getByText('This link is not valid. It may have been used already.'),
    ).toBeVisible();
    await fillAndSubmit(form, { email: 'ana@example.com' });
    await screen.findByText('A new link is on its way to ana@example.com.');
    expect(sentBody(fetch, '/api/auth/send-verification-email')).toEqual({
      email: 'ana@example.com',
    });
  });
});
