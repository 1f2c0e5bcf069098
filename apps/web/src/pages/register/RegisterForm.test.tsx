/**
 * Field errors of the registration form: the client-side rules of the shared schema, then the
 * server's `fields`, each shown next to its field in the current language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { describedBy, expectFieldErrors, fillAndSubmit, renderForm } from '../../test/forms.tsx';
import { RegisterForm } from './RegisterForm.tsx';

const open = () =>
  renderForm(<RegisterForm />, {
    labels: { username: 'Username', email: 'E-mail', password: 'Password' },
    submit: 'Register',
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegisterForm field errors', { timeout: 30_000 }, () => {
  it('shows the client-side rule next to each field and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const form = open();
    await fillAndSubmit(form, { username: 'a', email: 'not-an-address', password: 'short' });

    // The check may load its schema first (slow on a busy machine): wait for it.
    await expectFieldErrors(form, {
      username: 'The username must have 3 to 24 characters.',
      email: 'Enter a valid e-mail address.',
      password: 'The password must have at least 10 characters.',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's field errors next to their fields", async () => {
    const body = {
      error: {
        code: 'errors.usernameTaken',
        message: 'taken',
        fields: { username: 'errors.usernameTaken' },
      },
    };
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    await fillAndSubmit(open(), {
      username: 'Ana Lee',
      email: 'ana@example.com',
      password: 'correct horse battery staple',
    });

    await screen.findByText('This username is already taken.');
    expect(describedBy(screen.getByLabelText('Username'))).toContain(
      'This username is already taken.',
    );
    expect(describedBy(screen.getByLabelText('E-mail'))).not.toContain('taken');
    expect(fetch).toHaveBeenCalledWith(
      '/api/register',
      expect.objectContaining({ method: 'POST' }),
    );
    const sent = JSON.parse(
      (fetch.mock.calls[0] as unknown as [string, { body: string }])[1].body,
    ) as Record<string, string>;
    expect(sent).toMatchObject({ username: 'Ana Lee', email: 'ana@example.com', language: 'en' });
  });
});
