/**
 * A post's history: the History button only for the author and moderators once edited, and a
 * dialog showing each version as a diff against the one before (title, body, tags).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { CurrentUser, Post, PostHistory, Tag } from '@atelier/shared';
import { queryKeys } from '../../api/keys.ts';
import { tagKeys } from '../../api/tags.ts';
import { renderInApp } from '../../test/render.tsx';
import { PostView } from './PostView.tsx';

const ada = { id: 'author', username: 'ada', displayedRole: 'advanced-writer' } as const;
const mod = { id: 'mod', username: 'mo', displayedRole: 'moderator' } as const;

const post: Post = {
  id: 'p1',
  author: ada,
  section: 'writing',
  title: 'Harbour at night',
  excerpt: '',
  body: 'The boats sleep.\nThe lights stay.',
  bodyHtml: '<p>The boats sleep.\nThe lights stay.</p>',
  provenance: 'human',
  tools: '',
  tags: ['t2'],
  cover: null,
  media: [],
  mediaCount: 0,
  likeCount: 0,
  commentCount: 0,
  viewCount: 0,
  liked: false,
  createdAt: '2026-01-01T10:00:00Z',
  editionCount: 2,
  editionTimestamp: new Date(Date.now() - 60_000).toISOString(),
  state: 'published',
  removal: null,
};

const history: PostHistory = {
  postId: 'p1',
  editionCount: 2,
  versions: [
    {
      number: 2,
      title: 'Harbour at night',
      body: 'The boats sleep.\nThe lights stay.',
      tags: ['t2'],
      writtenAt: post.editionTimestamp!,
      writtenBy: mod,
      current: true,
    },
    {
      number: 1,
      title: 'Harbour',
      body: 'The boats sleep.\nThe lights go.',
      tags: ['t1'],
      writtenAt: '2026-01-01T11:00:00Z',
      writtenBy: ada,
      current: false,
    },
    {
      number: 0,
      title: 'Harbour',
      body: 'The boats sleep.',
      tags: ['t1'],
      writtenAt: '2026-01-01T10:00:00Z',
      writtenBy: ada,
      current: false,
    },
  ],
};

const tags: Tag[] = [
  { id: 't1', labels: { en: 'Sea' }, type: 'general', parents: [], postCount: 1 },
  { id: 't2', labels: { en: 'Night' }, type: 'general', parents: [], postCount: 1 },
];

const user = (id: string, isModerator = false) =>
  ({ id, roles: isModerator ? ['moderator'] : ['member'], isModerator }) as unknown as CurrentUser;

function renderView(p: Post, me: CurrentUser) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      Response.json(
        url.endsWith('/versions')
          ? history
          : url.endsWith('/views')
            ? { viewCount: 1 }
            : url.endsWith('/credits')
              ? {
                  postId: p.id,
                  series: null,
                  credits: [],
                  derivatives: { translation: [], remix: [], inspiration: [] },
                }
              : { items: [], nextCursor: null },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(queryKeys.sections, []);
  client.setQueryData(tagKeys.all, tags);
  renderInApp(<PostView post={p} me={me} />, { client });
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('post history', () => {
  it('shows "edited ×2 · <when>" to everyone, History only to the author and moderators', () => {
    renderView(post, user('reader'));
    expect(screen.getByTestId('edition-marker').textContent).toBe('edited ×2 · 1 minute ago');
    expect(screen.queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
  });

  it('has no History for a post never edited', () => {
    renderView({ ...post, editionCount: 0, editionTimestamp: null }, user('author'));
    expect(screen.queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
  });

  it('shows each version as a diff against the one before', async () => {
    const fetch = renderView(post, user('mod', true));
    await userEvent.setup().click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    await within(dialog).findByRole('heading', { name: 'Version 2 — current' });
    expect(fetch.mock.calls.some(([url]) => url === '/api/posts/p1/versions')).toBe(true);
    const current = within(dialog).getByRole('region', { name: 'Version 2 — current' });
    expect(within(current).getByText(/^By mo ·/)).toBeVisible();
    // Title: " at night" added; tags: Night added, Sea removed; body: "go" → "stay".
    expect(current.querySelector('ins')?.textContent).toBe('[added:  at night]');
    expect(within(current).getByText('+ Night')).toBeVisible();
    expect(within(current).getByText('− Sea')).toBeVisible();
    const body2 = within(dialog).getByTestId('version-body-2');
    expect(body2.querySelector('del')?.textContent).toBe('[removed: go]');
    expect(body2.querySelector('ins')?.textContent).toBe('[added: stay]');
    const body1 = within(dialog).getByTestId('version-body-1');
    expect(body1.querySelector('ins')?.textContent).toContain('The lights go.');
    // The first version is shown whole, without marks.
    const body0 = within(dialog).getByTestId('version-body-0');
    expect(body0.textContent).toBe('The boats sleep.');
    expect(body0.querySelector('ins, del')).toBeNull();
    expect(within(dialog).queryByText('Earlier versions were not kept.')).not.toBeInTheDocument();
  });
});
