/**
 * The Report button: hidden on one's own content, opens the dialog, which needs a reason (and a
 * text for "Other"), sends the report and thanks the reporter.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '@atelier/shared';
import { queryKeys } from '../../api/keys.ts';
import { SnackbarProvider } from '../../app/feedback/SnackbarProvider.tsx';
import { ReportButton } from './ReportButton.tsx';

const me = {
  id: 'me',
  username: 'mina',
  displayedRole: 'member',
  hasAccess: true,
  isBanned: false,
  isModerator: false,
} as CurrentUser;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderButton(authorId: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(queryKeys.me, me);
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <ReportButton targetType="comment" targetId="c1" authorId={authorId} authorName="bob" />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ReportButton', () => {
  it('is hidden on one’s own content', () => {
    renderButton('me');
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
  });

  it(
    'reports with a reason and details, then thanks the reporter',
    { timeout: 15_000 },
    async () => {
      const fetchMock = vi
        .spyOn(globalThis, 'fetch')
        .mockImplementation(() => Promise.resolve(json({ id: 'r1' }, 201)));
      renderButton('bob-id');
      await userEvent.click(screen.getByRole('button', { name: 'Report the comment by bob' }));
      const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
      expect(within(dialog).getByText('Choose a reason.')).toBeVisible();
      await userEvent.click(within(dialog).getByLabelText('Other'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
      expect(within(dialog).getByText('Say what the reason is.')).toBeVisible();
      await userEvent.click(within(dialog).getByLabelText(/Tell us the reason/));
      await userEvent.paste('Doxxing');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
      await userEvent.click(within(dialog).getByLabelText('Details for the moderators (optional)'));
      await userEvent.paste('Posted an address');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
      await screen.findByText('Thanks, moderators will look at it');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/reports')!;
      expect(url).toBe('/api/reports');
      expect(JSON.parse(init!.body as string)).toEqual({
        targetType: 'comment',
        targetId: 'c1',
        reason: 'other',
        otherReason: 'Doxxing',
        details: 'Posted an address',
      });
    },
  );

  it('shows a server error in the dialog', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(json({ error: { code: 'errors.rateLimited', message: 'slow down' } }, 429)),
    );
    renderButton('bob-id');
    await userEvent.click(screen.getByRole('button', { name: 'Report the comment by bob' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Spam'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });
});
