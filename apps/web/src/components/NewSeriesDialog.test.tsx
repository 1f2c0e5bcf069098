/**
 * Creating a series as a form of `useZodForm`: a title is required before any request; the
 * series is created with POST /api/series and handed back; the form's submit does not reach an
 * enclosing form (the post editor's).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NewSeriesDialog } from './NewSeriesDialog.tsx';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const series = {
  id: '3f0c9a8e-1b2d-4c5e-8f70-9a1b2c3d4e5f',
  title: 'Harbour tales',
  description: '',
  author: { id: 'u1', username: 'mina' },
  postCount: 0,
  createdAt: '2026-11-24T00:00:00.000Z',
};

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const outer = vi.fn((e: React.SyntheticEvent) => e.preventDefault());
  render(
    <QueryClientProvider client={client}>
      <form onSubmit={outer}>
        <NewSeriesDialog open onClose={onClose} onCreated={onCreated} />
      </form>
    </QueryClientProvider>,
  );
  return { onClose, onCreated, outer };
}

afterEach(() => vi.restoreAllMocks());

describe('NewSeriesDialog', () => {
  it('needs a title before sending anything', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { onClose, outer } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(outer).not.toHaveBeenCalled();
  });

  it('creates the series and hands it back', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(series, 201));
    const { onClose, onCreated, outer } = renderDialog();
    await userEvent.type(screen.getByRole('textbox', { name: /Series title/ }), ' Harbour tales ');
    await userEvent.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCreated).toHaveBeenCalledWith(series);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toMatch(/\/api\/series$/);
    expect(JSON.parse(init?.body as string)).toEqual({ title: 'Harbour tales', description: '' });
    expect(outer).not.toHaveBeenCalled();
  });
});
