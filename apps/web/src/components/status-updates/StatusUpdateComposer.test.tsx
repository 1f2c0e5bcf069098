/** The status composer: a labelled field, a live counter, nothing sent over 1,000 characters. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '../../test/render.tsx';
import { TextComposer } from '../conversation/TextComposer.tsx';
import { StatusUpdateComposer } from './StatusUpdateComposer.tsx';

function renderComposer() {
  renderInApp(<StatusUpdateComposer />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server's refusal of a status update's text as too long (a field error). */
const tooLong = () =>
  Response.json(
    {
      error: {
        code: 'errors.validation',
        message: 'x',
        fields: { content: 'errors.statusTooLong' },
      },
    },
    { status: 400 },
  );

describe('StatusUpdateComposer', () => {
  it('counts characters and refuses more than 1,000 (the shared schema, as it is typed)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderComposer();
    const field = screen.getByLabelText('What are you up to?');
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: 'a'.repeat(1000) } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('1000 / 1000');
    await waitFor(() => expect(post).toHaveProperty('disabled', false));
    fireEvent.change(field, { target: { value: 'a'.repeat(1001) } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('1001 / 1000');
    await waitFor(() => expect(post).toHaveProperty('disabled', true));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A status update can have at most 1,000 characters.')).toBeVisible();
    fireEvent.submit(field.closest('form')!);
    // Only blanks: no error to point at, the button is disabled.
    fireEvent.change(field, { target: { value: '   ' } });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('false'));
    expect(post).toHaveProperty('disabled', true);
    fireEvent.submit(field.closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the trimmed text and clears the field', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ id: 's1' })));
    vi.stubGlobal('fetch', fetch);
    renderComposer();
    const user = userEvent.setup();
    const field = screen.getByLabelText('What are you up to?');
    await user.type(field, '  Hello there  ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(fetch.mock.calls[0]).toMatchObject([
      '/api/status-updates',
      { method: 'POST', body: JSON.stringify({ content: 'Hello there' }) },
    ]);
    await waitFor(() => expect(field).toHaveProperty('value', ''));
  });

  it('shows the server error under the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(tooLong())),
    );
    renderComposer();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('What are you up to?'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(
      await screen.findByText('A status update can have at most 1,000 characters.'),
    ).toBeVisible();
  });

  it('sends with Ctrl+Enter', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ id: 's1' })));
    vi.stubGlobal('fetch', fetch);
    renderComposer();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('What are you up to?'), 'Quick one');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
  });

  it('sends once for two quick submits, and the server error on the text goes when it changes', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderComposer();
    const user = userEvent.setup();
    const field = screen.getByLabelText('What are you up to?');
    await user.type(field, 'Hi');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Post' })).toHaveProperty('disabled', false),
    );
    const form = field.closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    answer(tooLong());
    const message = 'A status update can have at most 1,000 characters.';
    expect(await screen.findByText(message)).toBeVisible();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, '!');
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('says the form could not load when its schema cannot, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderInApp(
      <TextComposer
        label="Note"
        name="content"
        max={10}
        submitLabel="Send"
        schema={() => Promise.reject(new Error('offline'))}
        onSubmit={fetch}
      />,
    );
    const field = screen.getByLabelText('Note');
    fireEvent.change(field, { target: { value: 'Hello' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText(/Atelier cannot be reached/)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});
