/**
 * Field errors of the registration form: the client-side rules of the shared schema, then the
 * server's `fields`, each shown next to its field in the current language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarContext } from '../../app/feedback/context.ts';
import { RegisterForm } from './RegisterForm.tsx';

function renderForm() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <SnackbarContext value={{ show: () => undefined }}>
        <MemoryRouter>
          <RegisterForm />
        </MemoryRouter>
      </SnackbarContext>
    </QueryClientProvider>,
  );
}

/** The helper text MUI links to the input with aria-describedby. */
function describedBy(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegisterForm field errors', () => {
  it('shows the client-side rule next to each field and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'a');
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(describedBy(screen.getByLabelText('Username'))).toContain(
      'The username must have 3 to 24 characters.',
    );
    expect(describedBy(screen.getByLabelText('E-mail'))).toContain('Enter a valid e-mail address.');
    expect(describedBy(screen.getByLabelText('Password'))).toContain(
      'The password must have at least 10 characters.',
    );
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
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
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'Ana Lee');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Register' }));

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
