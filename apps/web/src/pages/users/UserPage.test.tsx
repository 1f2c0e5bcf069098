/** The profile page: the header's facts, the link to Account on one's own profile, not found. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { UserProfile } from '@atelier/shared';
import { renderInApp } from '../../test/render.tsx';
import UserPage from './UserPage.tsx';

const profile: UserProfile = {
  id: 'u1',
  username: 'mina.park',
  avatarPath: null,
  displayedRole: 'advanced-writer',
  roles: ['member', 'advanced-writer'],
  registrationTimestamp: '2026-03-04T10:00:00.000Z',
  bio: 'I write.\nSometimes.',
  links: ['https://example.com/mina'],
  postCount: 12,
  commentCount: 1,
  postLikeCount: 30,
  commentLikeCount: 5,
  statusUpdateLikeCount: 7,
  totalLikes: 42,
  isBanned: false,
  banReason: null,
  online: false,
  lastSeenTimestamp: '2026-03-05T10:00:00.000Z',
};

function stub(me: string, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === '/api/session')
        return Promise.resolve(
          Response.json({
            user: { id: me, roles: ['member'], hasAccess: true, isModerator: false },
          }),
        );
      if (url === '/api/users/u1') {
        return Promise.resolve(
          status === 200
            ? Response.json(profile)
            : Response.json({ error: { code: 'errors.userNotFound', message: 'x' } }, { status }),
        );
      }
      if (url.startsWith('/api/users/u1/posts'))
        return Promise.resolve(Response.json({ items: [], nextCursor: null }));
      return Promise.resolve(Response.json({}, { status: 404 }));
    }),
  );
}

function renderPage() {
  renderInApp(
    <Routes>
      <Route path="/users/:userId" element={<UserPage />} />
    </Routes>,
    { path: '/users/u1' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserPage', () => {
  it('shows the profile, its counts and the likes breakdown', async () => {
    stub('someone-else');
    renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('mina.park');
    expect(screen.getByText('Advanced writer')).toBeVisible();
    expect(screen.getByText('Member since March 4, 2026')).toBeVisible();
    expect(screen.getByText('12 posts')).toBeVisible();
    expect(screen.getByText('1 comment')).toBeVisible();
    const likes = screen.getByText('42 likes received');
    act(() => likes.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Posts: 30 · Comments: 5 · Status updates: 7',
    );
    expect(screen.getByRole('link', { name: 'example.com/mina' }).getAttribute('href')).toBe(
      'https://example.com/mina',
    );
    expect(screen.queryByRole('link', { name: 'Edit your profile' })).not.toBeInTheDocument();
    expect(await screen.findByText('No posts yet.')).toBeVisible();
  });

  it('links to Account on one’s own profile', async () => {
    stub('u1');
    renderPage();
    expect(
      (await screen.findByRole('link', { name: 'Edit your profile' })).getAttribute('href'),
    ).toBe('/account');
  });

  it('says so when the user does not exist', async () => {
    stub('u2', 404);
    renderPage();
    expect(await screen.findByText('This user does not exist, or no longer does.')).toBeVisible();
  });
});
