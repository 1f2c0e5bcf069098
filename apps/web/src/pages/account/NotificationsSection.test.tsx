/** /account → Notifications: a labelled switch per type, saved at once, put back on an error. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { notificationTypes, type NotificationPreferences } from '@atelier/shared';
import { NotificationsSection } from './NotificationsSection.tsx';

const allOn = Object.fromEntries(
  notificationTypes.map((t) => [t, true]),
) as NotificationPreferences;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationsSection />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('NotificationsSection', () => {
  it('shows a switch per type, all on, and saves a change', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((_url, init) =>
        Promise.resolve(json(init?.method === 'PUT' ? { ...allOn, like: false } : allOn)),
      );
    renderSection();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const likes = await screen.findByRole('switch', { name: 'Likes' });
    expect(screen.getAllByRole('switch')).toHaveLength(notificationTypes.length);
    for (const s of screen.getAllByRole('switch')) expect(s).toBeChecked();
    await userEvent.click(likes);
    await waitFor(() => expect(likes).not.toBeChecked());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put![0] as string).toBe('/api/notifications/preferences');
    expect(JSON.parse(put![1]?.body as string)).toEqual({ like: false });
    expect(screen.getByRole('switch', { name: 'Mentions' })).toBeChecked();
  }, 30_000);

  it('puts the switch back and says so when saving fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) =>
      Promise.resolve(
        init?.method === 'PUT'
          ? json({ error: { code: 'errors.server', message: 'x' } }, 500)
          : json(allOn),
      ),
    );
    renderSection();
    const mentions = await screen.findByRole('switch', { name: 'Mentions' });
    await userEvent.click(mentions);
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(mentions).toBeChecked();
  }, 30_000);
});
