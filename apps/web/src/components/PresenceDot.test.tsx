/** The presence dot and the profile's status line; the socket's updates to the presence cache. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { UserPresence } from '@atelier/shared';
import { onPresenceChanged, presenceKeys } from '../api/presence.ts';
import { PresenceDotView } from './PresenceDot.tsx';
import { PresenceStatusView } from './PresenceStatus.tsx';

describe('presence', () => {
  it('shows a dot named "Online" only while online', () => {
    const { rerender } = render(<PresenceDotView online size={32} />);
    expect(screen.getByRole('img', { name: 'Online' })).toBeVisible();
    rerender(<PresenceDotView online={false} size={32} />);
    expect(screen.queryByRole('img', { name: 'Online' })).not.toBeInTheDocument();
  });

  it('says Online, or Last seen with a relative time and the full date', () => {
    const { rerender } = render(
      <PresenceStatusView presence={{ userId: 'u', online: true, lastSeenTimestamp: null }} />,
    );
    expect(screen.getByTestId('presence-status').textContent).toBe('Online');
    const seen = new Date(Date.now() - 5 * 60_000).toISOString();
    rerender(
      <PresenceStatusView presence={{ userId: 'u', online: false, lastSeenTimestamp: seen }} />,
    );
    expect(screen.getByTestId('presence-status').textContent).toBe('Last seen 5 minutes ago');
    expect(
      screen.getByTestId('presence-status').querySelector('time')?.getAttribute('datetime'),
    ).toBe(seen);
  });

  it('says nothing for someone never seen', () => {
    render(
      <PresenceStatusView presence={{ userId: 'u', online: false, lastSeenTimestamp: null }} />,
    );
    expect(screen.queryByTestId('presence-status')).not.toBeInTheDocument();
  });

  it('updates the users on screen from presence:changed, and only them', () => {
    const client = new QueryClient();
    const before: UserPresence = { userId: 'a', online: true, lastSeenTimestamp: null };
    client.setQueryData(presenceKeys.user('a'), before);
    const after: UserPresence = {
      userId: 'a',
      online: false,
      lastSeenTimestamp: '2026-01-01T00:00:00.000Z',
    };
    onPresenceChanged(client, after);
    onPresenceChanged(client, { userId: 'b', online: true, lastSeenTimestamp: null });
    expect(client.getQueryData(presenceKeys.user('a'))).toEqual(after);
    expect(client.getQueryState(presenceKeys.user('b'))).toBeUndefined();
  });
});
