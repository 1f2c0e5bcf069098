import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageSize, searchLimits, type SearchResults } from '@atelier/shared';
import { useAuthApp } from './context.ts';
import { createMember, createUser, request, uniqueName, send } from './factories.ts';
import { posts } from '../src/db/schema/index.ts';
import { newPost, newTag } from './post-factories.ts';

const t = useAuthApp();

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

  it('folds accents, stems English, French and Spanish words, and matches word beginnings', async () => {
    const m = await createMember(t);
    const by = `author=${m.username}`;
    const haiku = await newPost(t, m, { title: 'Haïkus du métro', body: 'Trois lignes.' });
    const light = await newPost(t, m, { title: 'Old lighthouse', body: 'On the cliff.' });
    const fr = await newPost(t, m, {
      title: 'Marée',
      body: 'Les chevaux galopaient sur la plage.',
    });
    const es = await newPost(t, m, { title: 'Canción', body: 'Las montañas estaban nevadas.' });
    const ids = async (q: string) =>
      (await search(m.cookie, `q=${encodeURIComponent(q)}&kind=posts&${by}`)).posts.map(
        (p) => p.id,
      );
    expect(await ids('haiku')).toEqual([haiku.id]);
    expect(await ids('HAÏKU metro')).toEqual([haiku.id]);
    expect(await ids('lighthouses')).toEqual([light.id]);
    expect(await ids('lighth')).toEqual([light.id]);
    expect(await ids('galoper')).toEqual([fr.id]);
    expect(await ids('maree')).toEqual([fr.id]);
    expect(await ids('montaña')).toEqual([es.id]);
    expect(await ids('cancion')).toEqual([es.id]);
    expect(await ids('haiku -metro')).toEqual([]);
    expect(await ids('haiku or cliff')).toEqual(expect.arrayContaining([haiku.id, light.id]));
  });

  it('finds Korean words inside longer words', async () => {
    const m = await createMember(t);
    const post = await newPost(t, m, { title: '서울의 지하철', body: '아침마다 사람들이 붐빈다.' });
    await newPost(t, m, { title: '부산 바다', body: '파도.' });
    const ids = async (q: string) =>
      (
        await search(m.cookie, `q=${encodeURIComponent(q)}&kind=posts&author=${m.username}`)
      ).posts.map((p) => p.id);
    expect(await ids('서울')).toEqual([post.id]);
    expect(await ids('지하철')).toEqual([post.id]);
    expect(await ids('사람')).toEqual([post.id]);
    expect(await ids('서울 바다')).toEqual([]);
    const [hit] = (
      await search(m.cookie, `q=${encodeURIComponent('서울')}&kind=posts&author=${m.username}`)
    ).posts;
    expect(hit?.highlight.title).toEqual([[0, 2]]);
  });

  it('returns highlights as ranges over plain text, never markup', async () => {
    const m = await createMember(t);
    const filler = 'Lorem ipsum dolor sit amet. '.repeat(8);
    await newPost(t, m, {
      title: 'Lighthouses <b>at</b> night',
      body: `${filler}The **lighthouse** keeper <script>x</script> waved.`,
    });
    const [hit] = (await search(m.cookie, `q=lighthouse&kind=posts&author=${m.username}`)).posts;
    expect(hit).toBeDefined();
    const marked = (text: string, ranges: [number, number][]) =>
      ranges.map(([s, e]) => text.slice(s, e));
    expect(marked(hit!.title, hit!.highlight.title)).toEqual(['Lighthouses']);
    expect(hit!.excerpt.startsWith('…')).toBe(true);
    expect(hit!.excerpt).not.toContain('**');
    expect(hit!.excerpt).not.toContain('<script>');
    expect(marked(hit!.excerpt, hit!.highlight.excerpt)).toEqual(['lighthouse']);
  });

  it('finds posts by their tags and filters by section, tag, provenance and author', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const word = uniqueName('kestrel');
    const tag = await newTag(t, `Gouache${word}`);
    const tagged = await newPost(t, m, { title: 'Study', body: 'Plain body.', tags: [tag] });
    const inWriting = await newPost(t, m, {
      title: `${word} one`,
      body: 'x',
      provenance: 'aiAssisted',
    });
    await t.database.db.execute(
      sql`update posts set section_slug = 'writing' where id = ${inWriting.id}`,
    );
    const byOther = await newPost(t, other, { title: `${word} two`, body: 'x', tags: [tag] });
    const ids = async (query: string) =>
      (await search(m.cookie, `kind=posts&${query}`)).posts.map((p) => p.id).sort();

    expect(await ids(`q=gouache${word}`)).toEqual([tagged.id, byOther.id].sort());
    // The word is also part of the tag's label: the tag brings its posts.
    expect(await ids(`q=${word}`)).toEqual([tagged.id, inWriting.id, byOther.id].sort());
    expect(await ids(`q=${word}&section=writing`)).toEqual([inWriting.id]);
    expect(await ids(`q=${word}&tag=${tag}`)).toEqual([tagged.id, byOther.id].sort());
    expect(await ids(`q=${word}&provenance=aiAssisted`)).toEqual([inWriting.id]);
    expect(await ids(`q=${word}&author=${other.username.toUpperCase()}`)).toEqual([byOther.id]);
    expect(await ids(`q=${word}&author=nobody${word}`)).toEqual([]);
    const bad = await send(
      t,
      m,
      `GET /api/search?q=${word}&provenance=robot&tag=nope`,
      undefined,
      400,
    );
    expect(bad.json().error.fields).toEqual({
      provenance: 'errors.invalid',
      tag: 'errors.invalid',
    });
  });

  it('answers a query shorter than the minimum with tooShort, without searching', async () => {
    const m = await createMember(t);
    await newPost(t, m, { title: 'a', body: 'a' });
    for (const q of ['a', 'é', '" - "', '한']) {
      expect(await search(m.cookie, `q=${encodeURIComponent(q)}`)).toEqual({
        posts: [],
        users: [],
        tags: [],
        nextCursor: null,
        tooShort: true,
      });
    }
    expect(searchLimits.minLength).toBe(2);
    expect((await search(m.cookie, 'q=ab')).tooShort).toBe(false);
  });

  it('pages through the ranked candidates with a cursor, without repeats', async () => {
    const m = await createMember(t);
    const word = uniqueName('pelican');
    const created: string[] = [];
    // Inserted directly: the posting rate limit is not what this tests.
    for (let i = 0; i < pageSize.search + 5; i += 1) {
      // Titles with the word rank above bodies with it.
      const [title, body] = i % 3 === 0 ? [`${word} ${i}`, 'x'] : [`Post ${i}`, `about ${word}`];
      const [row] = await t.database.db
        .insert(posts)
        .values({ authorId: m.id, sectionSlug: 'general', title, body, provenance: 'human' })
        .returning({ id: posts.id });
      created.push(row!.id);
    }
    const first = await search(m.cookie, `q=${word}&kind=posts`);
    expect(first.posts).toHaveLength(pageSize.search);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await search(
      m.cookie,
      `q=${word}&kind=posts&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.posts).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.posts, ...second.posts].map((p) => p.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(created.sort());
    // Title matches first.
    expect(first.posts.slice(0, 9).every((p) => p.title.startsWith(word))).toBe(true);
    const forged = await send(
      t,
      m,
      `GET /api/search?q=${word}&cursor=${Buffer.from('[1,"x","y"]').toString('base64url')}`,
      undefined,
      400,
    );
    expect(forged.json().error.fields).toEqual({ cursor: 'errors.invalid' });
  });

  it('refuses banned, rejected and pending users', async () => {
    for (const roles of [['banned'], ['rejected'], ['pending']] as const) {
      const u = await createUser(t, { roles: [...roles] });
      const res = await request(t, { method: 'GET', url: '/api/search?q=haiku', cookie: u.cookie });
      expect(res.statusCode).toBe(403);
    }
  });
});
