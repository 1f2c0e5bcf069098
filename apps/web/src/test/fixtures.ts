/** Shapes the API answers, for the web tests' fetch stubs. */
import type { PostSummary } from '@atelier/shared';

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
