/**
 * Asking for promotion as a form of `useZodForm`: at least one post is required before any
 * request (the shared schema); the chosen posts and the message are sent; the form empties.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from '../../app/feedback/SnackbarProvider.tsx';
import { PromotionSection } from './PromotionSection.tsx';
import { postSummary } from '../../test/fixtures.ts';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const postIds = ['1c6f8a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', '2d7a9b3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c'];
const post = (id: string, title: string) =>
  postSummary({
    id,
    title,
    author: { id: 'u1', username: 'mina', displayedRole: 'probation-writer' },
  });

afterEach(() => vi.restoreAllMocks());

describe('PromotionSection', () => {
  it('needs a post, then sends the chosen posts with the message', async () => {
    const posted: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input as string;
      if (init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return Promise.resolve(json({ id: 'r1' }, 201));
      }
      if (url.includes('/api/promotion-requests/mine'))
        return Promise.resolve(json({ request: null, probationTypes: ['writer'] }));
      return Promise.resolve(
        json({
          items: [post(postIds[0]!, 'Harbour at dawn'), post(postIds[1]!, 'Night ferry')],
          nextCursor: null,
        }),
      );
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <PromotionSection userId="u1" />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    const submit = await screen.findByRole('button', { name: 'Ask for promotion' });
    await screen.findByRole('checkbox', { name: 'Night ferry' });
    await userEvent.click(submit);
    expect(await screen.findByText('Choose at least one post.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Night ferry' }));
    expect(screen.getByText('1 of 5 chosen')).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Message to the moderators (optional)' }),
      'My best one',
    );
    await userEvent.click(submit);
    expect(await screen.findByText('Your request was sent to the moderators.')).toBeInTheDocument();
    expect(posted).toEqual([{ roleType: 'writer', postIds: [postIds[1]], message: 'My best one' }]);
    expect(screen.getByRole('checkbox', { name: 'Night ferry' })).not.toBeChecked();
  });
});
