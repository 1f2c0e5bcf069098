import { describe, expect, it } from 'vitest';
import { mayManage, maySeePost } from './policy.ts';

const author = { id: 'a', roles: ['member' as const] };
const other = { id: 'b', roles: ['member' as const] };
const moderator = { id: 'm', roles: ['moderator' as const] };

describe('policy', () => {
  it('lets the author and moderators manage an item, nobody else', () => {
    expect(mayManage(author, 'a')).toBe(true);
    expect(mayManage(moderator, 'a')).toBe(true);
    expect(mayManage(other, 'a')).toBe(false);
    expect(mayManage(null, 'a')).toBe(false);
    // An item whose author was deleted: moderators only.
    expect(mayManage(author, null)).toBe(false);
    expect(mayManage(moderator, null)).toBe(true);
  });

  it('opens published posts to all, removed ones to their author and moderators', () => {
    const removed = { state: 'removed', authorId: 'a' };
    expect(maySeePost(other, { state: 'published', authorId: 'a' })).toBe(true);
    expect(maySeePost(null, { state: 'published', authorId: 'a' })).toBe(true);
    expect(maySeePost(author, removed)).toBe(true);
    expect(maySeePost(moderator, removed)).toBe(true);
    expect(maySeePost(other, removed)).toBe(false);
  });
});
