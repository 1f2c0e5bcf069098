import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Tag } from '@atelier/shared';
import { tagKeys } from '../api/tags.ts';
import { TagPicker } from './TagPicker.tsx';

const tag = (id: string, en: string, extra: Partial<Tag> = {}): Tag => ({
  id,
  labels: { en },
  type: 'general',
  parents: [],
  postCount: 0,
  ...extra,
});
const tags: Tag[] = [
  tag('t1', 'watercolor', { labels: { en: 'watercolor', fr: 'aquarelle' } }),
  tag('t2', 'Painting'),
  tag('t3', 'oil', { parents: ['t2'] }),
  tag('t4', 'Acrylic', { parents: ['t2'] }),
  tag('t5', 'Poetry'),
];

function Harness({
  initial = [],
  allowCreate = false,
  max,
}: {
  initial?: string[];
  allowCreate?: boolean;
  max?: number;
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <TagPicker
        label="Tags"
        value={value}
        onChange={setValue}
        allowCreate={allowCreate}
        max={max}
      />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

function renderPicker(props: Parameters<typeof Harness>[0] = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  client.setQueryData(tagKeys.all, tags);
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const optionTexts = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('TagPicker', () => {
  it('lists every tag sorted by label, case-insensitively', async () => {
    renderPicker();
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Tags' }));
    expect(optionTexts()).toEqual(['Acrylic', 'oil', 'Painting', 'Poetry', 'watercolor']);
  });

  it("matches any language's label and a parent's label", async () => {
    renderPicker();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'AQUA');
    expect(optionTexts()).toEqual(['watercolor']);
    await user.clear(screen.getByRole('combobox', { name: 'Tags' }));
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'paint');
    expect(optionTexts()).toEqual(['Acrylic', 'oil', 'Painting']);
  });

  it('selects tags and stops at the maximum', async () => {
    renderPicker({ max: 2 });
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'oil' }));
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Poetry' }));
    expect(screen.getByTestId('value').textContent).toBe('t3,t5');
    expect(screen.getByText('At most 2 tags.')).toBeVisible();
    await user.click(input);
    expect(screen.getByRole('option', { name: 'Acrylic' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('offers to create a missing tag only when allowed, and selects the new tag', async () => {
    const created = tag('t9', 'Ink');
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(init?.method === 'POST' ? json(created) : json([...tags, created])),
    );
    vi.stubGlobal('fetch', fetch);
    renderPicker({ allowCreate: true });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'Ink');
    await user.click(screen.getByRole('option', { name: 'Create tag “Ink”' }));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('t9'));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/tags');
    expect(JSON.parse(init?.body as string)).toEqual({
      labels: { en: 'Ink' },
      type: 'general',
      parents: [],
    });
  });

  it('does not offer creation without the right, nor for an existing label', async () => {
    renderPicker();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'Ink');
    expect(screen.queryByRole('option', { name: /Create tag/ })).not.toBeInTheDocument();
  });
});
