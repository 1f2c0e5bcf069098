/** The tags list: sorted by the current language's label, searched with the seed's rule. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tag } from '@atelier/shared';
import { TagList } from './TagsPage.tsx';
import { selfAndDescendants } from './TagDialog.tsx';

const tags: Tag[] = [
  {
    id: 'paint',
    labels: { en: 'Painting', ko: '회화', fr: 'Peinture' },
    type: 'general',
    parents: [],
    postCount: 12,
  },
  {
    id: 'oil',
    labels: { en: 'Oil', ko: '유화' },
    type: 'general',
    parents: ['paint'],
    postCount: 3,
  },
  { id: 'poem', labels: { en: 'poetry', fr: 'Poésie' }, type: 'writer', parents: [], postCount: 1 },
  { id: 'ai', labels: { en: 'Diffusion' }, type: 'aiArtist', parents: [], postCount: 0 },
];

function labels(): string[] {
  return screen.getAllByTestId('tag-label').map((el) => el.textContent ?? '');
}

describe('TagList', () => {
  it('lists every tag sorted by label, case-insensitively', () => {
    render(<TagList tags={tags} onEdit={vi.fn()} onDelete={vi.fn()} />);
    expect(labels()).toEqual(['Diffusion', 'Oil', 'Painting', 'poetry']);
    expect(screen.getByText('4 tags')).toBeVisible();
  });

  it('matches any language’s label and a parent’s label', async () => {
    render(<TagList tags={tags} onEdit={vi.fn()} onDelete={vi.fn()} />);
    const user = userEvent.setup();
    const search = screen.getByLabelText('Search tags');
    await user.type(search, '회화');
    // The Korean label of Painting, and Oil through its parent.
    expect(labels()).toEqual(['Oil', 'Painting']);
    await user.clear(search);
    await user.type(search, 'POÉS');
    expect(labels()).toEqual(['poetry']);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(screen.getByText('No tag matches “nothing like it”.')).toBeVisible();
  });

  it('names its icon buttons after the tag', async () => {
    const onDelete = vi.fn();
    render(<TagList tags={tags} onEdit={vi.fn()} onDelete={onDelete} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Oil' }));
    expect(onDelete).toHaveBeenCalledWith(tags[1]);
  });
});

describe('selfAndDescendants', () => {
  it('keeps a tag from becoming its own ancestor', () => {
    expect([...selfAndDescendants(tags, 'paint')].sort()).toEqual(['oil', 'paint']);
  });
});
