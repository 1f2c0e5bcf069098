/**
 * The tag dialog as a form of `useZodForm`: English is required (the shared schema, before any
 * request), the four labels, the type and the parents are sent as one input, and a server field
 * error lands on its field.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tag, TagInput } from '@atelier/shared';
import { ApiError } from '../../api/client.ts';
import { TagDialog } from './TagDialog.tsx';

const paint = '0b5a3c6e-8f1d-4c2a-9e7b-1d2c3b4a5f60';
const oil = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const tags: Tag[] = [
  { id: paint, labels: { en: 'Painting' }, type: 'general', parents: [], postCount: 2 },
  { id: oil, labels: { en: 'Oil' }, type: 'general', parents: [paint], postCount: 1 },
];

function renderDialog(tag: Tag | null, onSubmit: (input: TagInput) => Promise<unknown>) {
  const onClose = vi.fn();
  render(<TagDialog tag={tag} tags={tags} onSubmit={onSubmit} onClose={onClose} />);
  return { onClose };
}

describe('TagDialog', () => {
  it('needs an English label before sending anything', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { onClose } = renderDialog(null, onSubmit);
    await userEvent.type(screen.getByLabelText('French label'), 'Aquarelle');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /English label/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the labels, the type and the parents, then closes', async () => {
    const onSubmit = vi.fn((input: TagInput) => Promise.resolve(input));
    const { onClose } = renderDialog(null, onSubmit);
    await userEvent.type(screen.getByRole('textbox', { name: /English label/ }), ' Watercolour ');
    await userEvent.type(screen.getByLabelText('French label'), 'Aquarelle');
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(within(screen.getByRole('listbox')).getAllByRole('option')[1]!);
    await userEvent.click(screen.getByRole('combobox', { name: 'Parent tags' }));
    await userEvent.click(screen.getByRole('option', { name: 'Painting' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const input = onSubmit.mock.calls[0]![0];
    expect(input.labels).toEqual({ en: 'Watercolour', ko: '', fr: 'Aquarelle', es: '' });
    expect(input.type).not.toBe('general');
    expect(input.parents).toEqual([paint]);
  });

  it('shows the server’s field error on the field and stays open', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'errors.validation', 'invalid', { 'labels.en': 'errors.tagExists' }),
      ),
    );
    const { onClose } = renderDialog(tags[1]!, onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A tag with this English label already exists.'),
    ).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith({
      labels: { en: 'Oil', ko: '', fr: '', es: '' },
      type: 'general',
      parents: [paint],
    });
    expect(screen.getByRole('textbox', { name: /English label/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
