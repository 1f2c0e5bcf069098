/**
 * Signing in as a form of `useZodForm`: the shared schema refuses a bad address or an empty
 * password before any request; the server's field errors land on their fields; a wrong password
 * shows above the form; the password can be shown.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fillAndSubmit, json, renderForm, sentBody, stubFetch } from '../../test/forms.tsx';
import LoginPage from './LoginPage.tsx';

const open = () =>
  renderForm(<LoginPage />, {
    path: '/login',
    labels: { email: 'E-mail', password: 'Password' },
    submit: 'Log in',
  });

describe('LoginPage', { timeout: 30_000 }, () => {
  it('sends the address as the schema gives it, and shows a wrong password above the form', async () => {
    const fetch = stubFetch(() =>
      json({ error: { code: 'errors.auth.INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' } }, 401),
    );
    const form = open();
    await fillAndSubmit(form, { email: ' Ana@Example.com', password: 'not my password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(form.fields.email).not.toHaveAttribute('aria-invalid', 'true');
    expect(sentBody(fetch, '/api/auth/sign-in/email')).toEqual({
      email: 'ana@example.com',
      password: 'not my password',
    });
  });

  it('shows and hides the password', async () => {
    const { user, fields } = open();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(fields.password).toHaveAttribute('type', 'password');
    await user.click(toggle);
    expect(fields.password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(fields.password).toHaveAttribute('type', 'password');
  });
});
