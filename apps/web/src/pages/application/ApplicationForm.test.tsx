/**
 * The application as a form of `useZodForm`: the shared schema's errors before any request; link
 * fields may stay empty, and a link's error — found here or by the server, which numbers the links
 * it received — shows on the field where that link stands.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from '../../app/feedback/SnackbarProvider.tsx';
import { ApplicationForm } from './ApplicationForm.tsx';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function fill() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <ApplicationForm previous={null} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('radio', { name: 'Writer' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'About you' }), 'I write fiction.');
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Why do you want to join?' }),
    'For feedback.',
  );
  // Link 1 left empty, link 2 filled.
  await userEvent.click(screen.getByRole('button', { name: 'Add a link' }));
  return screen.getByRole('textbox', { name: 'Link 2' });
}

afterEach(() => vi.restoreAllMocks());

describe('ApplicationForm', () => {
  it('says what is missing before sending anything', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SnackbarProvider>
          <ApplicationForm previous={null} />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'About you' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a bad link on its own field, and sends the links without the empty ones', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ id: 'a1' }, 201));
    const link = await fill();
    await userEvent.type(link, 'not a link');
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(
      await screen.findByText('Enter a full web address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Link 1' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.clear(link);
    await userEvent.type(link, ' https://example.org/me ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(fetch.mock.calls[0]![1]?.body as string)).toEqual({
      requestedType: 'writer',
      aboutYou: 'I write fiction.',
      whyJoin: 'For feedback.',
      links: ['https://example.org/me'],
    });
  });

  it('puts the server’s error on the first link sent on the field where it stands', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(
        {
          error: {
            code: 'errors.validation',
            message: 'invalid',
            fields: { 'links.0': 'errors.urlInvalid' },
          },
        },
        400,
      ),
    );
    const link = await fill();
    await userEvent.type(link, 'https://example.org/me');
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    await vi.waitFor(() => expect(link).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('textbox', { name: 'Link 1' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
