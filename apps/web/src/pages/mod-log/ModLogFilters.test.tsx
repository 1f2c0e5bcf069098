/** The mod log's filters: what Apply sends, the date-range check, Clear. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanFilters, ModLogFilters } from './ModLogFilters.tsx';

describe('ModLogFilters', () => {
  it('applies the action, trimmed names and dates', async () => {
    const onApply = vi.fn();
    render(<ModLogFilters value={{}} onApply={onApply} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'User banned' }),
    );
    await user.type(screen.getByLabelText('Moderator (name or id)'), '  Alice ');
    await user.type(screen.getByLabelText('User (name or id)'), 'bob');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith({
      action: 'userBanned',
      moderator: 'Alice',
      subject: 'bob',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('refuses a range that ends before it starts, next to “To”', async () => {
    const onApply = vi.fn();
    render(<ModLogFilters value={{}} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByText('The end date comes before the start date.')).toBeVisible();
  });

  it('starts from the current filters and clears them all', async () => {
    const onApply = vi.fn();
    render(<ModLogFilters value={{ action: 'noteAdded', subject: 'bob' }} onApply={onApply} />);
    expect(screen.getByLabelText<HTMLInputElement>('User (name or id)').value).toBe('bob');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenCalledWith({});
    expect(screen.getByLabelText<HTMLInputElement>('User (name or id)').value).toBe('');
  });

  it('cleanFilters drops empty values and unknown actions', () => {
    expect(
      cleanFilters({ action: 'nope', moderator: ' ', subject: 'x', from: '', to: undefined }),
    ).toEqual({ subject: 'x' });
  });
});
