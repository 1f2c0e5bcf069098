/** Shapes the API answers, for the web tests' fetch stubs. */
import type { CurrentUser, PostSummary } from '@atelier/shared';

/** A published post summary by `ada` in Writing, nothing liked or attached; `over` replaces fields. */
export function postSummary(over: Partial<PostSummary> = {}): PostSummary {
  return {
    id: 'p1',
    author: { id: 'u1', username: 'ada', displayedRole: 'member' },
    section: 'writing',
    title: 'A post',
    excerpt: '',
    provenance: 'human',
    tools: '',
    tags: [],
    cover: null,
    mediaCount: 0,
    likeCount: 0,
    commentCount: 0,
    viewCount: 0,
    liked: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    editionCount: 0,
    editionTimestamp: null,
    ...over,
  };
}

/** A signed-in member `ada` with access, verified, no bio or links; `over` replaces fields. */
export function currentUser(over: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    email: 'ada@example.com',
    emailVerified: true,
    username: 'ada',
    avatarPath: null,
    registrationTimestamp: '2026-01-01T00:00:00.000Z',
    roles: ['member'],
    displayedRole: 'member',
    postCount: 0,
    commentCount: 0,
    postLikeCount: 0,
    commentLikeCount: 0,
    statusUpdateLikeCount: 0,
    claimsModifiedTimestamp: '2026-01-01T00:00:00.000Z',
    bio: '',
    links: [],
    banReason: null,
    language: 'en',
    usernameChangedTimestamp: null,
    deletionScheduledTimestamp: null,
    deletionMode: null,
    hasAccess: true,
    isBanned: false,
    isModerator: false,
    ...over,
  };
}
