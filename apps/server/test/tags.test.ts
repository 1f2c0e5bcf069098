import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tag } from '@atelier/shared';
import { postTags, posts } from '../src/db/schema/index.ts';
import { createMember, createModerator, createUser, request, requestAs } from './factories.ts';
import { useAuthApp } from './context.ts';
import { newPost } from './post-factories.ts';

const t = useAuthApp();

const create = (cookie: string, payload: object) =>
  request(t, { method: 'POST', url: '/api/tags', cookie, payload });

describe('tags', () => {
  it('lists all tags for users with access only', async () => {
    expect((await request(t, { method: 'GET', url: '/api/tags' })).statusCode).toBe(401);
    for (const roles of [['pending'], ['rejected'], ['banned']] as const) {
      const u = await createUser(t, { roles: [...roles] });
      expect(
        (await request(t, { method: 'GET', url: '/api/tags', cookie: u.cookie })).statusCode,
      ).toBe(403);
    }
    const m = await createMember(t);
    const res = await request(t, { method: 'GET', url: '/api/tags', cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('lets advanced creators and moderators create tags, not members or probation', async () => {
    const member = await createMember(t);
    const probation = await createUser(t, { roles: ['probation-writer'] });
    const advanced = await createUser(t, { roles: ['advanced-writer'] });
    const mod = await createModerator(t);
    for (const u of [member, probation]) {
      const res = await create(u.cookie, { labels: { en: 'Nope' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('errors.cannotCreateTags');
    }
    const made = await create(advanced.cookie, {
      labels: { en: 'Poetry', ko: '시', fr: 'Poésie', es: '' },
      type: 'writer',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({
      id: expect.any(String),
      labels: { en: 'Poetry', ko: '시', fr: 'Poésie' },
      type: 'writer',
      parents: [],
      postCount: 0,
    });
    const child = await create(mod.cookie, {
      labels: { en: 'Haiku' },
      parents: [made.json<Tag>().id],
    });
    expect(child.json()).toMatchObject({ parents: [made.json<Tag>().id], type: 'general' });

    const dup = await create(mod.cookie, { labels: { en: '  poetry ' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'errors.tagExists',
      fields: { 'labels.en': 'errors.tagExists' },
    });
    const badParent = await create(mod.cookie, {
      labels: { en: 'Sonnet' },
      parents: [crypto.randomUUID()],
    });
    expect(badParent.json().error).toMatchObject({
      code: 'errors.tagNotFound',
      fields: { parents: 'errors.tagNotFound' },
    });
    expect(
      (await create(mod.cookie, { labels: { en: 'x'.repeat(51) } })).json().error.fields,
    ).toEqual({ 'labels.en': 'errors.tagLabelTooLong' });
    expect((await create(mod.cookie, { labels: { en: '' } })).json().error.fields).toEqual({
      'labels.en': 'errors.required',
    });
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect(
      (await create(mod.cookie, { labels: { en: 'Many' }, parents: six })).json().error.fields,
    ).toEqual({ parents: 'errors.tooManyParents' });
  });

  it('lets only moderators edit and delete; delete removes the id from posts and parents', async () => {
    const mod = await createModerator(t);
    const advanced = await createUser(t, { roles: ['advanced-faker'] });
    const parent = (await create(mod.cookie, { labels: { en: 'Parody' } })).json<Tag>();
    const child = (
      await create(mod.cookie, { labels: { en: 'News parody' }, parents: [parent.id] })
    ).json<Tag>();
    const other = (await create(mod.cookie, { labels: { en: 'Satire' } })).json<Tag>();

    const patch = (cookie: string, id: string, payload: object) =>
      request(t, { method: 'PATCH', url: `/api/tags/${id}`, cookie, payload });
    expect((await patch(advanced.cookie, parent.id, { type: 'faker' })).statusCode).toBe(403);
    const edited = await patch(mod.cookie, parent.id, {
      labels: { en: 'Parodies', es: 'Parodias' },
      type: 'faker',
    });
    expect(edited.json()).toMatchObject({
      labels: { en: 'Parodies', es: 'Parodias' },
      type: 'faker',
    });
    // Fields not sent stay as they are.
    const labelsOnly = await patch(mod.cookie, child.id, { labels: { en: 'News parodies' } });
    expect(labelsOnly.json()).toMatchObject({
      labels: { en: 'News parodies' },
      parents: [parent.id],
      type: 'general',
    });
    expect((await patch(mod.cookie, parent.id, {})).json()).toMatchObject({
      type: 'faker',
      labels: { es: 'Parodias' },
    });
    expect((await patch(mod.cookie, parent.id, { labels: { en: 'satire' } })).statusCode).toBe(409);
    expect((await patch(mod.cookie, parent.id, { parents: [parent.id] })).statusCode).toBe(400);
    // No cycles: the child's parent cannot become the child's child.
    const cycle = await patch(mod.cookie, parent.id, { parents: [child.id] });
    expect(cycle.json().error).toMatchObject({
      code: 'errors.validation',
      fields: { parents: 'errors.invalid' },
    });
    expect((await patch(mod.cookie, other.id, { parents: [child.id] })).statusCode).toBe(200);
    expect((await patch(mod.cookie, other.id, { parents: [] })).statusCode).toBe(200);
    expect((await patch(mod.cookie, crypto.randomUUID(), { type: 'faker' })).statusCode).toBe(404);

    const post = await newPost(t, advanced, { tags: [parent.id, other.id] });
    expect((await requestAs(t, advanced, `DELETE /api/tags/${parent.id}`)).statusCode).toBe(403);
    expect(
      (await request(t, { method: 'DELETE', url: `/api/tags/${parent.id}`, cookie: mod.cookie }))
        .statusCode,
    ).toBe(204);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.tagIds).toEqual([other.id]);
    expect(
      await t.database.db.select().from(postTags).where(eq(postTags.postId, post.id)),
    ).toHaveLength(1);
    const list = (await request(t, { method: 'GET', url: '/api/tags', cookie: mod.cookie })).json<
      Tag[]
    >();
    expect(list.find((x) => x.id === child.id)?.parents).toEqual([]);
    expect(list.find((x) => x.id === parent.id)).toBeUndefined();
    expect(
      (await request(t, { method: 'DELETE', url: `/api/tags/${parent.id}`, cookie: mod.cookie }))
        .statusCode,
    ).toBe(404);
  });
});
