import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageSize, type HomeData, type Post, type StatusUpdate } from '@atelier/shared';
import { posts } from '../src/db/schema/index.ts';
import { queryRows } from '../src/lib/sql.ts';
import { useUsers, useWritersApp } from './context.ts';
import { createUser, request, requestAs, type TestUser, send } from './factories.ts';
import { planOf, StatementLog } from './plans.ts';
import { countClientQueries } from './statement-counter.ts';

const log = new StatementLog();

describe('GET /api/home', () => {
  const t = useWritersApp({ logger: log });
  const { alice, bob, mod } = useUsers(t, {
    alice: ['member'],
    bob: ['advanced-writer'],
    mod: ['moderator'],
  });

  const home = async (u: TestUser = alice) => {
    const res = await request(t, { method: 'GET', url: '/api/home', cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HomeData>();
  };
  const createPost = async (u: TestUser, section = 'general', title = 'A title') => {
    const res = await send(
      t,
      u,
      'POST /api/posts',
      { section, title, body: 'Some body', provenance: 'human' },
      201,
    );
    return res.json<Post>();
  };
  const countQueries = (fn: () => Promise<unknown>) => countClientQueries(t, fn);

  it('refuses every state without access', async () => {
    expect((await request(t, { method: 'GET', url: '/api/home' })).statusCode).toBe(401);
    for (const role of ['pending', 'rejected', 'banned'] as const) {
      const u = await createUser(t, { roles: [role] });
      expect(
        (await request(t, { method: 'GET', url: '/api/home', cookie: u.cookie })).statusCode,
        role,
      ).toBe(403);
    }
  });

  it('lists the sections in order with their latest published post and its author', async () => {
    const empty = await home();
    expect(empty.sections.map((s) => s.slug)).toEqual([
      'fakes',
      'writing',
      'ai-art',
      'general',
      'feedback',
    ]);
    expect(empty.sections.every((s) => s.lastPost === null)).toBe(true);

    const first = await createPost(alice, 'general', 'First');
    const second = await createPost(bob, 'general', 'Second');
    const writing = await createPost(bob, 'writing', 'A story');
    const data = await home();
    const general = data.sections.find((s) => s.slug === 'general')!;
    expect(general.postCount).toBe(2);
    expect(general.lastPost).toEqual({
      id: second.id,
      title: 'Second',
      provenance: 'human',
      author: { id: bob.id, username: bob.username, displayedRole: 'advanced-writer' },
      createdAt: second.createdAt,
    });
    expect(data.sections.find((s) => s.slug === 'writing')!.lastPost?.id).toBe(writing.id);
    expect(data.sections.find((s) => s.slug === 'fakes')!.lastPost).toBeNull();
    expect(general.name.en).toBeTruthy();

    // A removed post is not the latest any more.
    await t.database.db.update(posts).set({ state: 'removed' }).where(eq(posts.id, second.id));
    // Written behind the app's back (a moderator's removal is a request, which empties the cache).
    t.app.payloads.apply({ kind: 'all' });
    expect((await home()).sections.find((s) => s.slug === 'general')!.lastPost?.id).toBe(first.id);
    await t.database.db.update(posts).set({ state: 'published' }).where(eq(posts.id, second.id));
  });

  it('shows the latest status updates with liked flags', async () => {
    const ids: string[] = [];
    for (let i = 0; i < pageSize.homeStatusUpdates + 2; i++) {
      const res = await request(t, {
        method: 'POST',
        url: '/api/status-updates',
        cookie: bob.cookie,
        payload: { content: `Status ${i}` },
      });
      ids.push(res.json<StatusUpdate>().id);
    }
    await request(t, {
      method: 'PUT',
      url: `/api/status-updates/${ids.at(-1)}/like`,
      cookie: alice.cookie,
    });
    const data = await home();
    expect(data.statusUpdates.map((s) => s.id)).toEqual(
      [...ids].reverse().slice(0, pageSize.homeStatusUpdates),
    );
    expect(data.statusUpdates[0]).toMatchObject({
      liked: true,
      likeCount: 1,
      author: { id: bob.id },
    });
    expect((await home(mod)).statusUpdates[0]!.liked).toBe(false);
  });

  it('counts members with access, posts, comments and status updates', async () => {
    const before = (await home()).stats;
    await createUser(t, { roles: ['member'] });
    await createUser(t, { roles: ['probation-faker'] });
    await createUser(t); // pending
    await createUser(t, { roles: ['rejected'] });
    await createUser(t, { roles: ['banned'] });
    const post = await createPost(alice);
    const comment = await requestAs(t, bob, `POST /api/posts/${post.id}/comments`, { body: 'Hi' });
    const commentId = comment.json<{ id: string }>().id;
    await requestAs(t, alice, `POST /api/comments/${commentId}/replies`, { body: 'Hello' });
    await requestAs(t, alice, 'POST /api/status-updates', { content: 'Hey' });

    const stats = (await home()).stats;
    expect(stats).toEqual({
      members: before.members + 2,
      posts: before.posts + 1,
      comments: before.comments + 2,
      statusUpdates: before.statusUpdates + 1,
    });
    const [truth] = await queryRows<{ members: number; posts: number; status_updates: number }>(
      t.database.db,
      sql`select
            (select count(*)::int from "user" where not (roles && array['pending','rejected','banned']::text[])) as members,
            (select count(*)::int from posts where state = 'published') as posts,
            (select count(*)::int from status_updates) as status_updates`,
    );
    expect(stats.members).toBe(truth?.members);
    expect(stats.statusUpdates).toBe(truth?.status_updates);
  });

  it('runs a bounded number of queries whatever the size of the site', async () => {
    // Each count with the session warm (a write empties that cache) and the shared payload cold
    // (what a miss of the node's payload cache runs).
    const cold = () => {
      t.app.payloads.apply({ kind: 'all' });
      return home();
    };
    await home();
    // No domain event left for the dispatcher, whose claims would be counted too.
    await t.app.live.kick();
    const small = await countQueries(cold);
    for (let i = 0; i < 6; i++) {
      await createPost(i % 2 ? alice : bob, i % 2 ? 'general' : 'feedback');
      await request(t, {
        method: 'POST',
        url: '/api/status-updates',
        cookie: alice.cookie,
        payload: { content: `More ${i}` },
      });
    }
    await home();
    await t.app.live.kick();
    const large = await countQueries(cold);
    // One statement: sections, status updates with the viewer's likes, and the site stats.
    expect(small).toBe(1);
    expect(large).toBe(small);
  });

  it('finds each section’s latest post and the latest status updates from indexes', async () => {
    // One statement reads it all; only the member count reads every user (`Seq Scan on "user"`).
    const sections = await planOf(t, log, alice.cookie, '/api/home', /from sections s/);
    expect(sections).not.toMatch(/Seq Scan on (posts|"user" u)/);
    // With a handful of rows the planner may take either index of published posts by date (the
    // per-section one, or the site-wide one filtered by section); the bench checks plans at scale.
    expect(sections).toMatch(/Index Scan using posts_(section_new|new)_idx on posts/);
    const statuses = await planOf(t, log, alice.cookie, '/api/home', /from status_updates s/);
    expect(statuses).not.toMatch(/Seq Scan on (status_updates|"user" u)/);
    expect(statuses).toMatch(/status_updates_new_idx/);
  });
});
