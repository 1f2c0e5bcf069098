import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatFullDate } from '@atelier/shared';
import { MemoryRouter } from 'react-router';
import type { PublicUser } from '@atelier/shared';
import { AuthorLine } from './AuthorLine.tsx';

const ada: PublicUser = { id: 'u1', username: 'Ada Lovelace', displayedRole: 'moderator' };

function renderLine(props: Parameters<typeof AuthorLine>[0]) {
  return render(
    <MemoryRouter>
      <AuthorLine {...props} />
    </MemoryRouter>,
  );
}

describe('AuthorLine', () => {
  it('links the username to the profile in the role colour, with initials and a relative time', () => {
    const { container } = renderLine({
      author: ada,
      timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    const link = screen.getByRole('link', { name: 'Ada Lovelace' });
    expect(link.getAttribute('href')).toBe('/users/u1');
    expect(getComputedStyle(link).color).toBe('rgb(244, 115, 112)');
    expect(screen.getByText('AL')).toBeVisible();
    expect(container.querySelector('time')?.textContent).toMatch(/5 minutes ago/);
    expect(screen.queryByTestId('edition-marker')).not.toBeInTheDocument();
  });

  it('shows the full date in a tooltip when the relative time is hovered', async () => {
    const timestamp = new Date(Date.now() - 5 * 60_000).toISOString();
    const { container } = renderLine({ author: ada, timestamp });
    const time = container.querySelector('time');
    if (!time) throw new Error('no time');
    await userEvent.hover(time);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(formatFullDate(timestamp, 'en'));
  });

  it('strikes through a banned author', () => {
    renderLine({
      author: { ...ada, displayedRole: 'banned' },
      timestamp: new Date().toISOString(),
    });
    expect(
      getComputedStyle(screen.getByRole('link', { name: 'Ada Lovelace' })).textDecoration,
    ).toBe('line-through');
  });

  it('marks edited items with the edition count and when the last edition was', () => {
    renderLine({
      author: ada,
      timestamp: '2026-01-01T10:00:00Z',
      edition: {
        editionCount: 2,
        editionTimestamp: new Date(Date.now() - 3 * 60_000).toISOString(),
      },
    });
    expect(screen.getByTestId('edition-marker').textContent).toBe('edited ×2 · 3 minutes ago');
  });

  it('shows no marker for an item never edited', () => {
    renderLine({
      author: ada,
      timestamp: '2026-01-01T10:00:00Z',
      edition: { editionCount: 0, editionTimestamp: null },
    });
    expect(screen.queryByTestId('edition-marker')).not.toBeInTheDocument();
  });

  it('shows [deleted] for a deleted author, without a link', () => {
    renderLine({ author: null, timestamp: new Date().toISOString(), size: 'small' });
    expect(screen.getByText('[deleted]')).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
