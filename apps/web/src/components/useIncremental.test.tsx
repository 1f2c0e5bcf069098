/** useIncremental: the first items at once, then a few more per task, appended in order. */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useIncremental } from './useIncremental.ts';

function List({ count, atOnce }: { count: number; atOnce?: number }) {
  const shown = useIncremental(count, 2, atOnce);
  return (
    <ul>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>item {i + 1}</li>
      ))}
    </ul>
  );
}

describe('useIncremental', () => {
  it('renders `atOnce` items at once, then the rest a few per task', async () => {
    const { rerender } = render(<List count={7} atOnce={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(7));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      Array.from({ length: 7 }, (_, i) => `item ${i + 1}`),
    );
    // More items later (the next page): they follow the same way; fewer: at once.
    rerender(<List count={12} atOnce={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
    rerender(<List count={3} atOnce={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('renders everything at once without `atOnce`', () => {
    render(<List count={5} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('renders `atOnce` items at once when they arrive later (an empty list, then data)', () => {
    const { rerender } = render(<List count={0} atOnce={4} />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    rerender(<List count={20} atOnce={4} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
