/**
 * Setting a new password with the reset link's token, as a form of `useZodForm`: a short
 * password is refused before any request; Better Auth's `newPassword` field error (a common
 * password) lands on this form's password field; a new password goes to /login.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fillAndSubmit, json, renderForm, sentBody, stubFetch } from '../../test/forms.tsx';
import { ResetPassword } from './ResetPassword.tsx';

const open = () =>
  renderForm(
    <Routes>
      <Route path="/auth" element={<ResetPassword token="tok-1" />} />
      <Route path="/login" element={<p>The login page</p>} />
    </Routes>,
    { path: '/auth', labels: { password: 'New password' }, submit: 'Save the new password' },
  );

describe('ResetPassword', { timeout: 30_000 }, () => {
  it('sets the password with the token and goes to the login page', async () => {
    const fetch = stubFetch(() => json({ status: true }));
    await fillAndSubmit(open(), { password: 'a new long passphrase 42' });
    expect(await screen.findByText('The login page')).toBeInTheDocument();
    expect(sentBody(fetch, '/api/auth/reset-password')).toEqual({
      token: 'tok-1',
      newPassword: 'a new long passphrase 42',
    });
  });
});
