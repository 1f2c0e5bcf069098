import { describe, expect, it } from 'vitest';
import { likedJson, withLiked } from './liked-json.ts';

const page = {
  items: [
    {
      id: 'a',
      author: { id: 'u1', name: 'x "liked":false, }{][' },
      liked: false,
      replies: [{ id: 'r1', liked: false, body: 'é 😀 \\"' }],
    },
    { liked: false, id: 'b', replies: [] },
    { id: 'c', liked: false, replies: [{ id: 'r2', liked: false }] },
  ],
  nextCursor: null,
  liked: false,
};

const merged = (liked: Set<string>) =>
  JSON.stringify({
    ...page,
    items: page.items.map((i) => ({
      ...i,
      liked: liked.has(i.id),
      replies: i.replies.map((r) => ({ ...r, liked: liked.has(r.id) })),
    })),
  });

describe('liked-json', () => {
  it('splices the liked flags of the objects named, and no others', () => {
    const prepared = likedJson(JSON.stringify(page));
    expect([...prepared.slots.keys()].sort()).toEqual(['a', 'b', 'c', 'r1', 'r2']);
    for (const ids of [[], ['a'], ['b', 'r2'], ['a', 'r1', 'c'], ['a', 'b', 'c', 'r1', 'r2']]) {
      const liked = new Set(ids);
      expect(withLiked(prepared, liked).toString()).toBe(merged(liked));
    }
    // Ids that are not in the payload change nothing, and the shared bytes are sent as they are.
    expect(withLiked(prepared, new Set(['u1', 'zzz']))).toBe(prepared.identity);
  });

  it('takes several sets, and the same id twice once', () => {
    const prepared = likedJson(JSON.stringify(page));
    expect(withLiked(prepared, new Set(['a']), new Set(['r1', 'a'])).toString()).toBe(
      merged(new Set(['a', 'r1'])),
    );
  });
});
