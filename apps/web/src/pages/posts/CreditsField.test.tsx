/**
 * The editor's series and credits: a pasted post link is recognised, a credit is added from the
 * matching post with the chosen kind and removed by its labelled button, and only what changed is
 * sent after the post is saved (`relationsChange`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  CreditsField,
  emptyRelations,
  postIdFromLink,
  type RelationsDraft,
} from './CreditsField.tsx';
import { relationsChange } from './PostEditor.tsx';

const id = '0b3a3f7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('postIdFromLink', () => {
  it('finds the id in a post link or alone, and nothing elsewhere', () => {
    expect(postIdFromLink(`https://atelier.example/posts/${id}#comment-1`)).toBe(id);
    expect(postIdFromLink(`/posts/${id.toUpperCase()}`)).toBe(id);
    expect(postIdFromLink(` ${id} `)).toBe(id);
    expect(postIdFromLink('haiku')).toBeNull();
    expect(postIdFromLink(`https://atelier.example/series/${id}x`)).toBeNull();
  });
});

describe('relationsChange', () => {
  const base: RelationsDraft = {
    seriesId: 's1',
    position: '',
    credits: [{ postId: 'a', title: 'A', kind: 'remix' }],
  };
  it('is null when nothing changed', () => {
    expect(relationsChange(base, { ...base })).toBeNull();
  });
  it('sends the series moved or left, the position asked, and the new credits', () => {
    expect(relationsChange(base, { ...base, seriesId: '' })).toEqual({ series: null });
    expect(relationsChange(base, { ...base, seriesId: 's2' })).toEqual({
      series: { seriesId: 's2' },
    });
    expect(relationsChange(base, { ...base, position: '2' })).toEqual({
      series: { seriesId: 's1', position: 2 },
    });
    expect(
      relationsChange(base, {
        ...base,
        credits: [{ postId: 'a', title: 'A', kind: 'translation' }],
      }),
    ).toEqual({ credits: [{ postId: 'a', kind: 'translation' }] });
  });
});

function Harness({ onValue }: { onValue: (v: RelationsDraft) => void }) {
  const [value, setValue] = useState<RelationsDraft>(emptyRelations);
  return (
    <CreditsField
      postId="mine"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('CreditsField', { timeout: 45_000 }, () => {
  it('adds a credit from a pasted link with the chosen kind, and removes it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          json(
            url === '/api/series/mine'
              ? []
              : { id, title: 'Haïkus du métro', author: { id: 'u', username: 'ana' } },
          ),
        ),
      ),
    );
    const onValue = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Harness onValue={onValue} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: 'Credit as' }));
    await u.click(screen.getByRole('option', { name: 'Remix' }));
    await u.click(screen.getByRole('combobox', { name: 'Search posts or paste a post link' }));
    await u.paste(`http://localhost/posts/${id}`);
    await u.click(await screen.findByRole('option', { name: /Haïkus du métro/ }));
    expect(onValue).toHaveBeenLastCalledWith(
      expect.objectContaining({
        credits: [{ postId: id, title: 'Haïkus du métro', kind: 'remix' }],
      }),
    );
    expect(screen.getByRole('list', { name: 'Credits' })).toHaveTextContent('Haïkus du métro');
    await u.click(screen.getByRole('button', { name: 'Remove the credit to “Haïkus du métro”' }));
    expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ credits: [] }));
  });
});
