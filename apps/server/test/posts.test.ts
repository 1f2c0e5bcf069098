import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, posts, sections, siteCounters, tags, user } from '../src/db/schema/index.ts';
import {
  createMember,
  createModerator,
  createUser,
  request,
  userRow,
  requestAs,
  send,
} from './factories.ts';
import { useWritersApp } from './context.ts';
import { createPost, newPost, newTag } from './post-factories.ts';

const t = useWritersApp();

const sectionCount = async (slug: string) =>
  (await t.database.db.select().from(sections).where(eq(sections.slug, slug)))[0]?.postCount;
const tagCount = async (id: string) =>
  (await t.database.db.select().from(tags).where(eq(tags.id, id)))[0]?.postCount;
const commentsCounter = async () =>
  (await t.database.db.select().from(siteCounters).where(eq(siteCounters.name, 'comments')))[0]
    ?.value;

describe('POST /api/posts: who may post where', () => {
  it('refuses anonymous (401) and users without access (403)', async () => {
    expect((await createPost(t, { cookie: '' })).statusCode).toBe(401);
    for (const roles of [['pending'], ['rejected'], ['banned']] as const) {
      const u = await createUser(t, { roles: [...roles] });
      const res = await createPost(t, u);
      expect(res.statusCode).toBe(403);
    }
    const unverified = await createUser(t, { verified: false });
    expect((await createPost(t, unverified)).statusCode).toBe(403);
  });

  it('lets a member post in an open section but not in a typed one', async () => {
    const m = await createMember(t);
    const before = await sectionCount('general');
    const res = await createPost(t, m, { title: '  Hello  ', tools: 'pencil' });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({
      author: { id: m.id, username: m.username, displayedRole: 'member' },
      section: 'general',
      title: 'Hello',
      body: 'Some **Markdown** body.',
      bodyHtml: '<p>Some <strong>Markdown</strong> body.</p>',
      excerpt: 'Some Markdown body.',
      provenance: 'human',
      tools: 'pencil',
      tags: [],
      media: [],
      cover: null,
      mediaCount: 0,
      likeCount: 0,
      commentCount: 0,
      viewCount: 0,
      liked: false,
      state: 'published',
      removal: null,
      editionCount: 0,
      editionTimestamp: null,
    });
    expect(await sectionCount('general')).toBe((before ?? 0) + 1);
    expect((await userRow(t, m.id)).postCount).toBe(1);

    const refused = await createPost(t, m, { section: 'fakes' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('errors.cannotPostInSection');
    const unknown = await createPost(t, m, { section: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('errors.sectionNotFound');
  });

  it('limits probation-faker to 3 posts a day in fakes, not in open sections', async () => {
    const p = await createUser(t, { roles: ['probation-faker'] });
    for (let i = 0; i < 3; i++)
      expect((await createPost(t, p, { section: 'fakes', provenance: 'fake' })).statusCode).toBe(
        201,
      );
    const fourth = await createPost(t, p, { section: 'fakes', provenance: 'fake' });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error.code).toBe('errors.probationLimit');
    expect((await createPost(t, p, { section: 'general' })).statusCode).toBe(201);
    // Not allowed at all in another type.
    expect((await createPost(t, p, { section: 'writing' })).json().error.code).toBe(
      'errors.cannotPostInSection',
    );
    // Posts older than a day do not count (post_creations keeps the count of deleted ones too).
    await t.database.db.execute(
      sql`update posts set created_at = created_at - interval '25 hours' where author_id = ${p.id}`,
    );
    await t.database.db.execute(
      sql`update post_creations set created_at = created_at - interval '25 hours' where author_id = ${p.id}`,
    );
    expect((await createPost(t, p, { section: 'fakes' })).statusCode).toBe(201);
  });

  it('holds the probation limit under concurrent posts', async () => {
    const p = await createUser(t, { roles: ['probation-writer'] });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createPost(t, p, { section: 'writing', title: `Race ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 403, 403, 403]);
    expect((await userRow(t, p.id)).postCount).toBe(3);
  });

  it('lets advanced-faker and moderators post without limit', async () => {
    const a = await createUser(t, { roles: ['advanced-faker'] });
    for (let i = 0; i < 5; i++)
      expect((await createPost(t, a, { section: 'fakes' })).statusCode).toBe(201);
    const mod = await createModerator(t);
    for (const section of ['fakes', 'writing', 'ai-art'])
      expect((await createPost(t, mod, { section })).statusCode).toBe(201);
  });
});

describe('POST /api/posts: validation', () => {
  let m: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    m = await createMember(t);
  });
  const fieldError = async (overrides: Record<string, unknown>) => {
    const res = await createPost(t, m, overrides);
    expect(res.statusCode).toBe(400);
    return res.json().error as { code: string; fields?: Record<string, string> };
  };
  const uuid = () => crypto.randomUUID();

  it('checks the limits of the contract', async () => {
    expect((await fieldError({ title: 'x'.repeat(201) })).fields).toEqual({
      title: 'errors.titleTooLong',
    });
    expect((await fieldError({ title: '   ' })).fields).toEqual({ title: 'errors.required' });
    expect((await fieldError({ body: 'x'.repeat(50_001) })).fields).toEqual({
      body: 'errors.bodyTooLong',
    });
    expect((await fieldError({ tags: Array.from({ length: 11 }, uuid) })).fields).toEqual({
      tags: 'errors.tooManyTags',
    });
    expect((await fieldError({ media: Array.from({ length: 11 }, uuid) })).fields).toEqual({
      media: 'errors.tooManyMedia',
    });
    expect((await fieldError({ provenance: 'robot' })).fields).toEqual({
      provenance: 'errors.required',
    });
    expect(
      (await createPost(t, m, { title: 'x'.repeat(200), body: 'y'.repeat(50_000) })).statusCode,
    ).toBe(201);
  });

  it('refuses unknown tags and media that are not the author’s unattached uploads', async () => {
    expect(await fieldError({ tags: [uuid()] })).toMatchObject({
      code: 'errors.tagNotFound',
      fields: { tags: 'errors.tagNotFound' },
    });
    expect(await fieldError({ media: [uuid()] })).toMatchObject({
      code: 'errors.mediaNotFound',
      fields: { media: 'errors.mediaNotFound' },
    });
  });
});

describe('GET, PATCH and DELETE /api/posts/:id', () => {
  it('shows a post to members; a removed one only to its author and moderators', async () => {
    const author = await createMember(t);
    const other = await createMember(t);
    const mod = await createModerator(t);
    const post = await newPost(t, author);
    expect(
      (
        await request(t, { method: 'GET', url: `/api/posts/${post.id}`, cookie: other.cookie })
      ).json(),
    ).toEqual(post);
    expect((await request(t, { method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(
      401,
    );
    const pending = await createUser(t);
    await send(t, pending, `GET /api/posts/${post.id}`, undefined, 403);
    expect(
      (await requestAs(t, other, `GET /api/posts/${crypto.randomUUID()}`)).json().error.code,
    ).toBe('errors.postNotFound');
    await send(t, other, 'GET /api/posts/not-a-uuid', undefined, 404);

    await t.database.db
      .update(posts)
      .set({ state: 'removed', removalReason: 'spam' })
      .where(eq(posts.id, post.id));
    await send(t, other, `GET /api/posts/${post.id}`, undefined, 404);
    const seen = await requestAs(t, author, `GET /api/posts/${post.id}`);
    expect(seen.json()).toMatchObject({
      state: 'removed',
      removal: { reason: 'spam', otherReason: null },
    });
    await send(t, mod, `GET /api/posts/${post.id}`, undefined, 200);
  });

  it("renders the body's images and links against the site's origin (BASE_URL)", async () => {
    const author = await createMember(t);
    const site = new URL(t.config.baseUrl).origin;
    const post = await newPost(t, author, {
      body: `![here](${site}/media/a.webp) ![there](https://elsewhere.example/b.png) [in](${site}/posts)`,
    });
    const html = `<p><img src="${site}/media/a.webp" alt="here" loading="lazy"> <a href="https://elsewhere.example/b.png" rel="noopener noreferrer nofollow" target="_blank">there</a> <a href="${site}/posts" rel="noopener noreferrer nofollow">in</a></p>`;
    expect(post.bodyHtml).toBe(html);
    expect(
      (await send(t, author, `GET /api/posts/${post.id}`, undefined, 200)).json(),
    ).toMatchObject({ bodyHtml: html });
    // An empty body has no HTML.
    expect((await newPost(t, author, { body: '' })).bodyHtml).toBe('');
  });

  it('lets the author or a moderator edit, moving tag counters, and refuses others', async () => {
    const author = await createMember(t);
    const other = await createMember(t);
    const mod = await createModerator(t);
    const [a, b, c] = [await newTag(t, 'Alpha'), await newTag(t, 'Beta'), await newTag(t, 'Gamma')];
    const post = await newPost(t, author, { tags: [a, b], tools: 'brush' });
    expect(post).toMatchObject({ tools: 'brush' });
    expect([await tagCount(a), await tagCount(b), await tagCount(c)]).toEqual([1, 1, 0]);

    const patch = (cookie: string, payload: object) =>
      request(t, { method: 'PATCH', url: `/api/posts/${post.id}`, cookie, payload });
    const refused = await patch(other.cookie, { title: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('errors.notYourContent');
    expect((await patch(author.cookie, { title: 'x'.repeat(201) })).statusCode).toBe(400);

    const edited = await patch(author.cookie, { title: 'Edited', tags: [b, c] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Edited', tags: [b, c], editionCount: 1 });
    expect(edited.json().editionTimestamp).toEqual(expect.any(String));
    expect([await tagCount(a), await tagCount(b), await tagCount(c)]).toEqual([0, 1, 1]);

    // The answer is the post as its editor sees it: liked by the moderator, not by the author.
    await send(t, mod, `PUT /api/posts/${post.id}/like`, undefined, 200);
    const byMod = await patch(mod.cookie, {
      body: 'Fixed by a moderator',
      provenance: 'composite',
    });
    expect(byMod.json()).toMatchObject({
      liked: true,
      likeCount: 1,
      title: 'Edited',
      body: 'Fixed by a moderator',
      bodyHtml: '<p>Fixed by a moderator</p>',
      provenance: 'composite',
      editionCount: 2,
    });
    // Fields not sent stay as they are (tags, tools, media); an empty patch is no edit.
    const titleOnly = await patch(author.cookie, { title: 'Only the title' });
    expect(titleOnly.json()).toMatchObject({
      liked: false,
      title: 'Only the title',
      tags: [b, c],
      tools: 'brush',
      editionCount: 3,
    });
    expect((await patch(author.cookie, {})).json()).toMatchObject({
      title: 'Only the title',
      editionCount: 3,
    });
    const unknownTag = await patch(author.cookie, { tags: [crypto.randomUUID()] });
    expect(unknownTag.json().error.code).toBe('errors.tagNotFound');
  });

  it('deletes by the author or a moderator and moves every counter back', async () => {
    const author = await createMember(t);
    const other = await createMember(t);
    const commenter = await createMember(t);
    const mod = await createModerator(t);
    const tag = await newTag(t, 'Delta');
    const before = { section: await sectionCount('feedback'), comments: await commentsCounter() };
    const post = await newPost(t, author, { section: 'feedback', tags: [tag] });
    expect(await sectionCount('feedback')).toBe((before.section ?? 0) + 1);

    // A like on the post, and a comment with two likes (as the comments feature would count it).
    expect(
      (
        await request(t, { method: 'PUT', url: `/api/posts/${post.id}/like`, cookie: other.cookie })
      ).json(),
    ).toEqual({ liked: true, likeCount: 1 });
    await t.database.db
      .insert(comments)
      .values({ postId: post.id, authorId: commenter.id, body: 'Nice', likeCount: 2 });
    await t.database.db.update(posts).set({ commentCount: 1 }).where(eq(posts.id, post.id));
    await t.database.db
      .update(user)
      .set({ commentLikeCount: 2, commentCount: 1 })
      .where(eq(user.id, commenter.id));
    await t.database.db
      .update(siteCounters)
      .set({ value: sql`${siteCounters.value} + 1` })
      .where(eq(siteCounters.name, 'comments'));
    expect((await userRow(t, author.id)).postLikeCount).toBe(1);

    await send(t, other, `DELETE /api/posts/${post.id}`, undefined, 403);
    await send(t, author, `DELETE /api/posts/${post.id}`, undefined, 204);
    await send(t, author, `GET /api/posts/${post.id}`, undefined, 404);
    expect(await sectionCount('feedback')).toBe(before.section);
    expect(await tagCount(tag)).toBe(0);
    expect(await commentsCounter()).toBe(before.comments);
    const a = await userRow(t, author.id);
    expect([a.postCount, a.postLikeCount]).toEqual([0, 0]);
    const c = await userRow(t, commenter.id);
    expect([c.commentLikeCount, c.commentCount]).toEqual([0, 0]);

    const second = await newPost(t, author);
    await send(t, mod, `DELETE /api/posts/${second.id}`, undefined, 204);
    await send(t, mod, `DELETE /api/posts/${second.id}`, undefined, 404);
  });
});

describe('views and likes', () => {
  it('counts one view per viewer per day', async () => {
    const author = await createMember(t);
    const v1 = await createMember(t);
    const v2 = await createMember(t);
    const post = await newPost(t, author);
    const view = (cookie: string) =>
      request(t, { method: 'POST', url: `/api/posts/${post.id}/views`, cookie });
    expect((await view(v1.cookie)).json()).toEqual({ viewCount: 1 });
    expect((await view(v1.cookie)).json()).toEqual({ viewCount: 1 });
    expect((await view(v2.cookie)).json()).toEqual({ viewCount: 2 });
    expect((await view('')).statusCode).toBe(401);
    expect(
      (await requestAs(t, v1, `POST /api/posts/${crypto.randomUUID()}/views`)).statusCode,
    ).toBe(404);
  });

  it('likes idempotently and shows liked to the viewer', async () => {
    const author = await createMember(t);
    const fan = await createMember(t);
    const post = await newPost(t, author);
    const like = (method: 'PUT' | 'DELETE') =>
      request(t, { method, url: `/api/posts/${post.id}/like`, cookie: fan.cookie });
    expect((await like('PUT')).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like('PUT')).json()).toEqual({ liked: true, likeCount: 1 });
    expect(
      (
        await request(t, { method: 'GET', url: `/api/posts/${post.id}`, cookie: fan.cookie })
      ).json(),
    ).toMatchObject({ liked: true, likeCount: 1 });
    expect(
      (
        await request(t, { method: 'GET', url: `/api/posts/${post.id}`, cookie: author.cookie })
      ).json(),
    ).toMatchObject({ liked: false, likeCount: 1 });
    expect((await like('DELETE')).json()).toEqual({ liked: false, likeCount: 0 });
    expect((await userRow(t, author.id)).postLikeCount).toBe(0);
  });
});

describe('every post, media, tag, section and search route refuses users without access', () => {
  it('answers 401 signed out and 403 to pending, rejected and banned users', async () => {
    const author = await createMember(t);
    const post = await newPost(t, author);
    const id = post.id;
    const routes: ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/sections/general'],
      ['GET', '/api/sections/general/posts'],
      ['POST', '/api/posts', { section: 'general', title: 'x', body: '', provenance: 'human' }],
      ['GET', `/api/posts/${id}`],
      ['PATCH', `/api/posts/${id}`, { title: 'x' }],
      ['DELETE', `/api/posts/${id}`],
      ['POST', `/api/posts/${id}/views`],
      ['PUT', `/api/posts/${id}/like`],
      ['DELETE', `/api/posts/${id}/like`],
      ['POST', '/api/media'],
      ['DELETE', `/api/media/${crypto.randomUUID()}`],
      ['GET', '/api/tags'],
      ['POST', '/api/tags', { labels: { en: 'x' } }],
      ['PATCH', `/api/tags/${crypto.randomUUID()}`, { type: 'general' }],
      ['DELETE', `/api/tags/${crypto.randomUUID()}`],
      ['GET', '/api/search?q=x'],
    ];
    const users = [
      { cookie: '', status: 401 },
      ...(await Promise.all(
        (['pending', 'rejected', 'banned'] as const).map(async (role) => ({
          cookie: (await createUser(t, { roles: [role] })).cookie,
          status: 403,
        })),
      )),
    ];
    for (const [method, url, payload] of routes) {
      for (const u of users) {
        const res = await request(t, {
          method,
          url,
          cookie: u.cookie,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(u.status);
      }
    }
    await send(t, author, `GET /api/posts/${id}`, undefined, 200);
  });
});
