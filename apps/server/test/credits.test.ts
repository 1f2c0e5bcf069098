/**
 * Issue 11 item 8, creators' credits: series (ordered chapters of one author, previous/next, only
 * what the viewer may see) and credits between posts (translation, remix, inspiration) with the
 * source's derivatives and a `credit` notification for the source's author. Every forbidden case
 * is refused; deleting a post removes its credits both ways and its place in its series.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notification, PostCredits, Series, SeriesDetail } from '@atelier/shared';
import { domainEvents, postCredits, posts, seriesPosts } from '../src/db/schema/index.ts';
import { useWritersApp } from './context.ts';
import { createMember, createModerator, createUser, request, type TestUser } from './factories.ts';
import { newPost } from './post-factories.ts';

const t = useWritersApp();

type U = Pick<TestUser, 'cookie'>;
const call = (
  u: U | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  request(t, {
    method,
    url,
    ...(u ? { cookie: u.cookie } : {}),
    ...(payload === undefined ? {} : { payload }),
  });

async function newSeries(u: U, title = 'Chronicles') {
  const res = await call(u, 'POST', '/api/series', { title, description: 'A tale' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Series>();
}
const place = (u: U, postId: string, seriesId: string, position?: number) =>
  call(u, 'PUT', `/api/posts/${postId}/series`, { seriesId, ...(position ? { position } : {}) });
const creditsOf = async (u: U, postId: string) => {
  const res = await call(u, 'GET', `/api/posts/${postId}/credits`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostCredits>();
};
const setCredits = (u: U, postId: string, credits: { postId: string; kind: string }[]) =>
  call(u, 'PUT', `/api/posts/${postId}/credits`, { credits });
const notificationsOf = async (u: U) => {
  await t.app.live.kick();
  return (await call(u, 'GET', '/api/notifications')).json<Notification[]>();
};

describe('series', () => {
  it('orders chapters, inserts at a position, and gives part N of M with previous and next', async () => {
    const author = await createMember(t);
    const s = await newSeries(author);
    expect(s).toMatchObject({ title: 'Chronicles', description: 'A tale', chapterCount: 0 });
    const one = await newPost(t, author, { title: 'One' });
    const three = await newPost(t, author, { title: 'Three' });
    const two = await newPost(t, author, { title: 'Two' });
    expect((await place(author, one.id, s.id)).statusCode).toBe(200);
    expect((await place(author, three.id, s.id)).statusCode).toBe(200);
    const placed = await place(author, two.id, s.id, 2);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json<PostCredits>().series).toMatchObject({
      part: 2,
      of: 3,
      previous: { id: one.id, title: 'One' },
      next: { id: three.id, title: 'Three' },
    });

    const reader = await createMember(t);
    const detail = (await call(reader, 'GET', `/api/series/${s.id}`)).json<SeriesDetail>();
    expect(detail.chapters.map((c) => [c.part, c.post.title])).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
    ]);
    expect(detail.chapters[0]!.post.provenance).toBe('human');
    const first = await creditsOf(reader, one.id);
    expect(first.series).toMatchObject({ part: 1, of: 3, previous: null, next: { id: two.id } });
    expect(first.series?.chapters.map((c) => c.title)).toEqual(['One', 'Two', 'Three']);

    // Moving a chapter to the front.
    await place(author, three.id, s.id, 1);
    const moved = await creditsOf(reader, one.id);
    expect(moved.series?.chapters.map((c) => c.title)).toEqual(['Three', 'One', 'Two']);

    // The author's own list.
    const mine = (await call(author, 'GET', '/api/series/mine')).json<Series[]>();
    expect(mine).toEqual([expect.objectContaining({ id: s.id, chapterCount: 3 })]);
  });

  it('lists only the chapters the viewer may see (a removed one only for its author and moderators)', async () => {
    const author = await createMember(t);
    const s = await newSeries(author);
    const a = await newPost(t, author, { title: 'A' });
    const b = await newPost(t, author, { title: 'B' });
    const c = await newPost(t, author, { title: 'C' });
    for (const p of [a, b, c]) await place(author, p.id, s.id);
    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, b.id));

    const reader = await createMember(t);
    const seen = (await call(reader, 'GET', `/api/series/${s.id}`)).json<SeriesDetail>();
    expect(seen.chapterCount).toBe(2);
    expect(seen.chapters.map((x) => x.post.title)).toEqual(['A', 'C']);
    expect((await creditsOf(reader, c.id)).series).toMatchObject({
      part: 2,
      of: 2,
      previous: { id: a.id },
    });
    expect((await call(reader, 'GET', `/api/posts/${b.id}/credits`)).statusCode).toBe(404);

    const own = (await call(author, 'GET', `/api/series/${s.id}`)).json<SeriesDetail>();
    expect(own.chapters.map((x) => x.post.title)).toEqual(['A', 'B', 'C']);
    const moderator = await createModerator(t);
    expect((await creditsOf(moderator, c.id)).series).toMatchObject({ part: 3, of: 3 });
  });

  it('refuses every change by someone else; moderators may only remove', async () => {
    const author = await createMember(t);
    const other = await createMember(t);
    const moderator = await createModerator(t);
    const s = await newSeries(author);
    const mine = await newPost(t, author);
    const theirs = await newPost(t, other);
    await place(author, mine.id, s.id);

    // Someone else's post into my series, my post into someone else's series.
    expect((await place(author, theirs.id, s.id)).statusCode).toBe(403);
    expect((await place(other, theirs.id, s.id)).statusCode).toBe(403);
    expect((await place(moderator, mine.id, s.id)).statusCode).toBe(403);
    // Renaming: only the author.
    expect(
      (await call(other, 'PATCH', `/api/series/${s.id}`, { title: 'Mine now' })).statusCode,
    ).toBe(403);
    expect(
      (await call(moderator, 'PATCH', `/api/series/${s.id}`, { title: 'Mod' })).statusCode,
    ).toBe(403);
    const renamed = await call(author, 'PATCH', `/api/series/${s.id}`, { title: 'Renamed' });
    expect(renamed.json<Series>().title).toBe('Renamed');
    // Removing a chapter or the series: not another member.
    expect((await call(other, 'DELETE', `/api/posts/${mine.id}/series`)).statusCode).toBe(403);
    expect((await call(other, 'DELETE', `/api/series/${s.id}`)).statusCode).toBe(403);
    // Invalid input, unknown ids, signed out.
    expect((await call(author, 'POST', '/api/series', { title: '  ' })).statusCode).toBe(400);
    expect((await call(author, 'GET', '/api/series/not-a-uuid')).statusCode).toBe(404);
    expect(
      (await call(author, 'GET', '/api/series/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await place(author, mine.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      400,
    );
    expect((await call(null, 'POST', '/api/series', { title: 'x' })).statusCode).toBe(401);
    const pending = await createUser(t);
    expect((await call(pending, 'GET', `/api/series/${s.id}`)).statusCode).toBe(403);

    // A moderator takes the post out, then deletes the series; the posts stay.
    const out = await call(moderator, 'DELETE', `/api/posts/${mine.id}/series`);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<PostCredits>().series).toBeNull();
    expect((await call(moderator, 'DELETE', `/api/series/${s.id}`)).statusCode).toBe(204);
    expect((await call(author, 'GET', `/api/series/${s.id}`)).statusCode).toBe(404);
    expect((await call(author, 'GET', `/api/posts/${mine.id}`)).statusCode).toBe(200);
  });
});

describe('credits', () => {
  it('a translation credit notifies the source author, who sees the derivative', async () => {
    const ana = await createMember(t);
    const bo = await createMember(t);
    const source = await newPost(t, ana, { title: 'Haïkus du métro' });
    const other = await newPost(t, ana, { title: 'Lighthouses' });
    const translation = await newPost(t, bo, { title: 'Subway haiku' });
    const res = await setCredits(bo, translation.id, [
      { postId: source.id, kind: 'translation' },
      { postId: other.id, kind: 'inspiration' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json<PostCredits>()
        .credits.map((c) => [c.kind, c.post.title])
        .sort(),
    ).toEqual([
      ['inspiration', 'Lighthouses'],
      ['translation', 'Haïkus du métro'],
    ]);

    const list = await notificationsOf(ana);
    const credit = list.filter((n) => n.type === 'credit');
    expect(credit).toHaveLength(2);
    expect(credit).toContainEqual(
      expect.objectContaining({
        type: 'credit',
        kind: 'translation',
        author: expect.objectContaining({ id: bo.id }),
        post: { postId: translation.id, postAuthorId: bo.id, title: 'Subway haiku' },
        sourceTitle: 'Haïkus du métro',
      }),
    );

    const onSource = await creditsOf(ana, source.id);
    expect(onSource.derivatives.translation.map((p) => p.id)).toEqual([translation.id]);
    expect(onSource.derivatives.remix).toEqual([]);
    expect((await creditsOf(ana, other.id)).derivatives.inspiration.map((p) => p.id)).toEqual([
      translation.id,
    ]);

    // Setting the same list again notifies nobody; changing a kind notifies again.
    await setCredits(bo, translation.id, [
      { postId: source.id, kind: 'translation' },
      { postId: other.id, kind: 'inspiration' },
    ]);
    expect((await notificationsOf(ana)).filter((n) => n.type === 'credit')).toHaveLength(2);
    await setCredits(bo, translation.id, [{ postId: source.id, kind: 'remix' }]);
    const after = (await notificationsOf(ana)).filter((n) => n.type === 'credit');
    expect(after).toHaveLength(3);
    expect((await creditsOf(ana, other.id)).derivatives.inspiration).toEqual([]);
    expect((await creditsOf(ana, source.id)).derivatives.remix.map((p) => p.id)).toEqual([
      translation.id,
    ]);
  });

  it('crediting oneself notifies nobody', async () => {
    const ana = await createMember(t);
    const first = await newPost(t, ana);
    const second = await newPost(t, ana);
    expect(
      (await setCredits(ana, second.id, [{ postId: first.id, kind: 'remix' }])).statusCode,
    ).toBe(200);
    expect((await notificationsOf(ana)).filter((n) => n.type === 'credit')).toEqual([]);
    // The event is there; the dispatcher drops a notification to its own actor.
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.actorId, ana.id));
    expect(events.some((e) => e.type === 'post.credited')).toBe(true);
  });

  it('refuses credits to oneself, twice the same post, unseen posts and other people’s posts', async () => {
    const ana = await createMember(t);
    const bo = await createMember(t);
    const moderator = await createModerator(t);
    const mine = await newPost(t, ana);
    const source = await newPost(t, bo);
    const hidden = await newPost(t, bo);
    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, hidden.id));

    expect((await setCredits(ana, mine.id, [{ postId: mine.id, kind: 'remix' }])).statusCode).toBe(
      400,
    );
    expect(
      (
        await setCredits(ana, mine.id, [
          { postId: source.id, kind: 'remix' },
          { postId: source.id, kind: 'translation' },
        ])
      ).statusCode,
    ).toBe(400);
    const unseen = await setCredits(ana, mine.id, [{ postId: hidden.id, kind: 'remix' }]);
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json()).toMatchObject({
      error: { fields: { credits: 'errors.creditSourceNotFound' } },
    });
    expect((await setCredits(ana, mine.id, [{ postId: source.id, kind: 'nope' }])).statusCode).toBe(
      400,
    );
    // Another member may not set my credits; a moderator may not add any.
    expect((await setCredits(bo, mine.id, [{ postId: source.id, kind: 'remix' }])).statusCode).toBe(
      403,
    );
    expect(
      (await setCredits(moderator, mine.id, [{ postId: source.id, kind: 'remix' }])).statusCode,
    ).toBe(403);
    expect(
      (await setCredits(ana, mine.id, [{ postId: source.id, kind: 'remix' }])).statusCode,
    ).toBe(200);
    // …but may remove one.
    const cleared = await setCredits(moderator, mine.id, []);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<PostCredits>().credits).toEqual([]);
    // A hidden derivative is not listed on its source.
    await setCredits(ana, mine.id, [{ postId: source.id, kind: 'remix' }]);
    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, mine.id));
    expect((await creditsOf(bo, source.id)).derivatives.remix).toEqual([]);
    expect((await creditsOf(moderator, source.id)).derivatives.remix.map((p) => p.id)).toEqual([
      mine.id,
    ]);
  });

  it('deleting a post removes its credits both ways and its place in its series', async () => {
    const ana = await createMember(t);
    const bo = await createMember(t);
    const s = await newSeries(ana);
    const source = await newPost(t, bo);
    const middle = await newPost(t, ana);
    const derivative = await newPost(t, bo);
    const last = await newPost(t, ana);
    await place(ana, middle.id, s.id);
    await place(ana, last.id, s.id);
    await setCredits(ana, middle.id, [{ postId: source.id, kind: 'remix' }]);
    await setCredits(bo, derivative.id, [{ postId: middle.id, kind: 'translation' }]);

    expect((await call(ana, 'DELETE', `/api/posts/${middle.id}`)).statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(postCredits)
      .where(eq(postCredits.postId, middle.id));
    expect(rows).toEqual([]);
    const asSource = await t.database.db
      .select()
      .from(postCredits)
      .where(eq(postCredits.sourceId, middle.id));
    expect(asSource).toEqual([]);
    expect(
      await t.database.db.select().from(seriesPosts).where(eq(seriesPosts.postId, middle.id)),
    ).toEqual([]);
    expect((await creditsOf(bo, derivative.id)).credits).toEqual([]);
    expect((await creditsOf(bo, last.id)).series).toMatchObject({ part: 1, of: 1, previous: null });
  });

  it('exports one’s series and credits', async () => {
    const ana = await createMember(t);
    const bo = await createMember(t);
    const s = await newSeries(ana, 'Exported');
    const source = await newPost(t, bo, { title: 'Origin' });
    const post = await newPost(t, ana);
    await place(ana, post.id, s.id);
    await setCredits(ana, post.id, [{ postId: source.id, kind: 'inspiration' }]);
    const { collectExport } = await import('../src/features/own-data/export.ts');
    const data = await collectExport(t.database.db, ana.id);
    expect(data.files['series.json']).toEqual([
      expect.objectContaining({ id: s.id, title: 'Exported', chapters: [post.id] }),
    ]);
    expect(data.files['credits.json']).toEqual([
      expect.objectContaining({
        postId: post.id,
        sourceId: source.id,
        kind: 'inspiration',
        sourceTitle: 'Origin',
      }),
    ]);
  });
});
