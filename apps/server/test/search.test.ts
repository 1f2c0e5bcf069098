import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '@atelier/shared';
import { createAuthTestApp, createMember, createUser, request, uniqueName } from './factories.ts';
import type { TestApp } from './helpers.ts';
import { newPost, newTag } from './post-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

const search = async (cookie: string, query: string) => {
  const res = await request(t, { method: 'GET', url: `/api/search?${query}`, cookie });
  expect(res.statusCode).toBe(200);
  return res.json<SearchResults>();
};

describe('GET /api/search', () => {
  it('needs access and a query', async () => {
    expect((await request(t, { method: 'GET', url: '/api/search?q=x' })).statusCode).toBe(401);
    const pending = await createUser(t);
    expect(
      (await request(t, { method: 'GET', url: '/api/search?q=x', cookie: pending.cookie }))
        .statusCode,
    ).toBe(403);
    const m = await createMember(t);
    expect(
      (await request(t, { method: 'GET', url: '/api/search?q=%20', cookie: m.cookie })).json().error
        .fields,
    ).toEqual({ q: 'errors.required' });
    expect(
      (
        await request(t, {
          method: 'GET',
          url: `/api/search?q=${'x'.repeat(201)}`,
          cookie: m.cookie,
        })
      ).json().error.fields,
    ).toEqual({ q: 'errors.searchTooLong' });
  });

  it('finds published posts by a word of the title or body, and by a prefix of the last word', async () => {
    const m = await createMember(t);
    const hit = await newPost(t, m, {
      title: 'Lighthouse at dusk',
      body: 'A watercolour of the harbour with seagulls.',
    });
    const titleHit = await newPost(t, m, { title: 'Seagulls everywhere', body: 'Nothing else.' });
    await newPost(t, m, { title: 'Unrelated', body: 'Mountains and snow.' });
    const removed = await newPost(t, m, { title: 'Removed seagulls', body: 'x' });
    await t.database.db.execute(sql`update posts set state = 'removed' where id = ${removed.id}`);

    const byBody = await search(m.cookie, 'q=watercolour');
    expect(byBody.posts.map((p) => p.id)).toEqual([hit.id]);
    expect(byBody.posts[0]).toMatchObject({
      title: 'Lighthouse at dusk',
      author: { id: m.id },
      liked: false,
    });

    // The title weighs more than the body.
    const both = await search(m.cookie, 'q=seagulls&kind=posts');
    expect(both.posts.map((p) => p.id)).toEqual([titleHit.id, hit.id]);
    expect(both.users).toEqual([]);
    expect(both.tags).toEqual([]);

    expect((await search(m.cookie, 'q=harbour%20seag')).posts.map((p) => p.id)).toEqual([hit.id]);
    expect((await search(m.cookie, 'q=watercolour%20-harbour')).posts).toEqual([]);
    expect(
      (await search(m.cookie, `q=${encodeURIComponent('"at dusk" & | ! :*')}`)).posts.map(
        (p) => p.id,
      ),
    ).toEqual([hit.id]);
  });

  it('finds users with access by username, not banned or pending ones', async () => {
    const m = await createMember(t);
    const stem = uniqueName('zebra');
    const found = await createMember(t, { username: `${stem}A` });
    await createUser(t, { username: `${stem}B`, roles: ['banned'] });
    await createUser(t, { username: `${stem}C` });
    const res = await search(m.cookie, `q=${stem}&kind=users`);
    expect(res.users).toEqual([{ id: found.id, username: `${stem}A`, displayedRole: 'member' }]);
    expect((await search(m.cookie, 'q=%25&kind=users')).users).toEqual([]);
  });

  it('finds tags by any label or a parent label', async () => {
    const m = await createMember(t);
    const parent = await newTag(t, 'Landscape', { ko: '풍경' });
    const child = await newTag(t, 'Seascape', { parents: [parent] });
    await newTag(t, 'Portrait');
    const res = await search(m.cookie, `q=${encodeURIComponent('풍경')}&kind=tags`);
    expect(res.tags.map((x) => x.id).sort()).toEqual([parent, child].sort());
    expect((await search(m.cookie, 'q=portr&kind=tags')).tags.map((x) => x.labels.en)).toEqual([
      'Portrait',
    ]);
  });
});
