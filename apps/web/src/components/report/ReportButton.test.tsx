/**
 * The Report button: hidden on one's own content, opens the dialog, which needs a reason (and a
 * text for "Other"), sends the report and thanks the reporter; the server's field errors land on
 * their fields, on the step that shows them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '@atelier/shared';
import { queryKeys } from '../../api/keys.ts';
import { SnackbarProvider } from '../../app/feedback/SnackbarProvider.tsx';
import { describedBy, fieldErrors } from '../../test/forms.tsx';
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

/** Opens the dialog on bob's comment and sends "Spam" without details; returns the dialog. */
async function reportSpam() {
  renderButton('bob-id');
  await userEvent.click(screen.getByRole('button', { name: 'Report the comment by bob' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByLabelText('Spam'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
  return dialog;
}

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
      // The dialog is loaded lazily: the first time may take a while on a loaded machine.
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Report this comment' },
        { timeout: 10_000 },
      );
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
    const dialog = await reportSpam();
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });

  it(
    'goes back keeping what was typed, the keyboard in the field that appears',
    { timeout: 20_000 },
    async () => {
      renderButton('bob-id');
      await userEvent.click(screen.getByRole('button', { name: 'Report the comment by bob' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByLabelText('Other'));
      const other = within(dialog).getByRole('textbox', { name: /Tell us the reason/ });
      await waitFor(() => expect(other).toHaveFocus());
      await userEvent.keyboard('Doxxing{Enter}');
      const details = await within(dialog).findByLabelText('Details for the moderators (optional)');
      await waitFor(() => expect(details).toHaveFocus());
      await userEvent.keyboard('An address');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(within(dialog).getByLabelText('Other')).toBeChecked();
      expect(within(dialog).getByRole('textbox', { name: /Tell us the reason/ })).toHaveValue(
        'Doxxing',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
      expect(within(dialog).getByLabelText('Details for the moderators (optional)')).toHaveValue(
        'An address',
      );
    },
  );

  it(
    "puts the server's field errors on their fields, back on the reason's step",
    { timeout: 20_000 },
    async () => {
      const fetchMock = vi
        .spyOn(globalThis, 'fetch')
        .mockImplementation(() =>
          Promise.resolve(fieldErrors({ reason: 'errors.reports.reasonInvalid' })),
        );
      const dialog = await reportSpam();
      expect(await within(dialog).findByText('Choose one of the reasons.')).toBeVisible();
      expect(within(dialog).getByRole('radiogroup', { name: /Why/ })).toBeVisible();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

      fetchMock.mockImplementation(() =>
        Promise.resolve(fieldErrors({ details: 'errors.reports.detailsTooLong' })),
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
      const details = within(dialog).getByLabelText('Details for the moderators (optional)');
      await waitFor(() => expect(details).toHaveAttribute('aria-invalid', 'true'));
      expect(describedBy(details)).toContain('2,000');
    },
  );
});
