/** The tooltip that loads on first use: described before, opened by pointer or keyboard after. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyTooltip } from './LazyTooltip.tsx';

describe('LazyTooltip', () => {
  it('describes its child with a text title before it is first wanted', () => {
    render(
      <LazyTooltip title="Made by a person">
        <button type="button">Human</button>
      </LazyTooltip>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.getByText('Human')).toHaveAttribute('title', 'Made by a person');
  });

  it('opens on the first pointer over its child, and closes when it leaves', async () => {
    render(
      <LazyTooltip title="Made by a person">
        <span>Human</span>
      </LazyTooltip>,
    );
    await userEvent.hover(screen.getByText('Human'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Made by a person');
    await userEvent.unhover(screen.getByText('Human'));
    await expect
      .poll(() => screen.queryByRole('tooltip'), { timeout: 15_000 })
      .not.toBeInTheDocument();
  });

  it('opens when its child gets the keyboard focus, and keeps the child own handlers', async () => {
    let focused = 0;
    render(
      <LazyTooltip title={<b>25 November 2026</b>}>
        <button type="button" onFocus={() => (focused += 1)}>
          3 minutes ago
        </button>
      </LazyTooltip>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('25 November 2026');
    expect(focused).toBe(1);
  });
});
