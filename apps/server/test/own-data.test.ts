/**
 * One's own data (issue 11 item 7): the export ZIP (opened here with fflate) and account deletion
 * (password, grace period, the sweep run with an explicit clock, keep or remove, last moderator).
 */
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_GRACE_DAYS, DELETED_USERNAME, rateLimits } from '@atelier/shared';
import { posts, user } from '../src/db/schema/index.ts';
import { sweepDeletions } from '../src/features/own-data/routes.ts';
import { mediaStoreFor } from '../src/lib/storage/index.ts';
import { addDays } from '../src/lib/time.ts';
import { useAuthApp } from './context.ts';
import {
  createAuthTestApp,
  createMember,
  createModerator,
  PASSWORD,
  request,
  signIn,
  type TestUser,
  send,
} from './factories.ts';
import { newPost, upload } from './post-factories.ts';

const t = useAuthApp();

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();

const exportOf = (u: Pick<TestUser, 'cookie'>) =>
  request(t, { method: 'GET', url: '/api/me/export', cookie: u.cookie });

const askDeletion = (u: Pick<TestUser, 'cookie'>, payload: object) =>
  request(t, { method: 'POST', url: '/api/me/deletion', cookie: u.cookie, payload });

const sweepAt = (now: Date) =>
  sweepDeletions(t.database.db, mediaStoreFor(t.config), () => undefined, now);

const afterGrace = (from: Date) => addDays(from, ACCOUNT_DELETION_GRACE_DAYS + 0.01);

describe('GET /api/me/export', () => {
  it('refuses anonymous visitors', async () => {
    expect((await exportOf({ cookie: '' })).statusCode).toBe(401);
  });

  it('is a ZIP of the JSON files and the media the user uploaded', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const uploaded = await upload(t, m, 'picture.png', await png(), 'image/png');
    expect(uploaded.statusCode).toBe(201);
    const mediaId = uploaded.json<{ id: string }>().id;
    const post = await newPost(t, m, { title: 'Lighthouse at dusk', media: [mediaId] });
    const othersPost = await newPost(t, other, { title: 'Not mine' });
    await send(t, m, `POST /api/posts/${othersPost.id}/comments`, { body: 'A kind word' }, 201);
    await send(t, m, `PUT /api/posts/${othersPost.id}/like`, undefined, 200);

    const res = await exportOf(m);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="atelier-.*\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const json = (name: string) =>
      JSON.parse(strFromU8(files[name] ?? new Uint8Array())) as unknown;

    expect(json('profile.json')).toMatchObject({ id: m.id, username: m.username, email: m.email });
    const exportedPosts = json('posts.json') as {
      id: string;
      title: string;
      media: { file: string }[];
    }[];
    expect(exportedPosts).toHaveLength(1);
    expect(exportedPosts[0]).toMatchObject({ id: post.id, title: 'Lighthouse at dusk' });
    expect(json('comments.json')).toEqual([
      expect.objectContaining({ postId: othersPost.id, body: 'A kind word' }),
    ]);
    expect(json('likes.json')).toEqual([
      expect.objectContaining({ target: 'post', targetId: othersPost.id }),
    ]);
    for (const name of [
      'comment-replies.json',
      'status-updates.json',
      'status-update-replies.json',
      'applications.json',
      'notifications.json',
    ]) {
      expect(Array.isArray(json(name)), name).toBe(true);
    }
    // The README says what each JSON file holds, and names no file the ZIP lacks.
    const readme = strFromU8(files['README.txt'] ?? new Uint8Array());
    const jsonFiles = Object.keys(files).filter((name) => name.endsWith('.json'));
    expect(jsonFiles).toHaveLength(12);
    for (const name of jsonFiles) expect(readme, name).toMatch(new RegExp(`^${name}: \\w`, 'm'));
    for (const [, name] of readme.matchAll(/^([\w-]+\.json):/gm))
      expect(files[name!], name).toBeDefined();
    // Nothing of the other member's.
    expect(JSON.stringify(exportedPosts)).not.toContain('Not mine');

    // The media file is there, byte for byte what the store holds.
    const file = exportedPosts[0]?.media[0]?.file ?? '';
    expect(file).toMatch(/^media\/posts\/[0-9a-f-]{36}\.\w+$/);
    const inZip = files[file];
    expect(inZip).toBeDefined();
    const [row] = await t.database.db.select().from(user).where(eq(user.id, m.id));
    expect(row).toBeDefined();
    const stored = await mediaStoreFor(t.config).getStream(file.slice('media/'.length));
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.from(inZip ?? new Uint8Array()).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('is rate-limited per user', async () => {
    const m = await createMember(t);
    const max = rateLimits.dataExport[0].max;
    for (let i = 0; i < max; i += 1) expect((await exportOf(m)).statusCode).toBe(200);
    const refused = await exportOf(m);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('errors.rateLimited');
    // Another user is not affected.
    expect((await exportOf(await createMember(t))).statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it('refuses anonymous visitors, a wrong password and an unknown mode', async () => {
    expect(
      (await askDeletion({ cookie: '' }, { password: PASSWORD, mode: 'keep' })).statusCode,
    ).toBe(401);
    const m = await createMember(t);
    const wrong = await askDeletion(m, { password: 'not the password at all', mode: 'keep' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: {
        code: 'errors.wrongPassword',
        message: expect.any(String),
        fields: { password: 'errors.wrongPassword' },
        requestId: expect.any(String),
      },
    });
    const badMode = await askDeletion(m, { password: PASSWORD, mode: 'vanish' });
    expect(badMode.statusCode).toBe(400);
    // Nothing scheduled, still signed in.
    const me = await request(t, { method: 'GET', url: '/api/me', cookie: m.cookie });
    expect(me.json()).toMatchObject({ deletionScheduledTimestamp: null });
  });

  it('ends every session; signing in during the grace period shows it and can cancel it', async () => {
    const m = await createMember(t);
    const second = await signIn(t, m.email);
    const before = Date.now();
    const res = await askDeletion(m, { password: PASSWORD, mode: 'keep' });
    expect(res.statusCode).toBe(200);
    const scheduled = Date.parse(
      res.json<{ deletionScheduledTimestamp: string }>().deletionScheduledTimestamp,
    );
    expect(scheduled).toBeGreaterThanOrEqual(addDays(new Date(before), 7).getTime() - 1000);
    expect(res.json()).toMatchObject({ deletionMode: 'keep' });
    for (const cookie of [m.cookie, second]) {
      expect((await request(t, { method: 'GET', url: '/api/me', cookie })).statusCode).toBe(401);
    }

    const again = await signIn(t, m.email);
    const me = await request(t, { method: 'GET', url: '/api/me', cookie: again });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ deletionScheduledTimestamp: string }>().deletionScheduledTimestamp).toBe(
      res.json<{ deletionScheduledTimestamp: string }>().deletionScheduledTimestamp,
    );
    const cancelled = await request(t, {
      method: 'DELETE',
      url: '/api/me/deletion',
      cookie: again,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      deletionScheduledTimestamp: null,
      deletionMode: null,
    });

    // The sweep, long after, leaves a cancelled account alone.
    await sweepAt(afterGrace(new Date()));
    expect((await request(t, { method: 'GET', url: '/api/me', cookie: again })).statusCode).toBe(
      200,
    );
  });

  it('keep: after the grace period the content stays under "[deleted user]" and nobody can sign in', async () => {
    const m = await createMember(t);
    const reader = await createMember(t);
    const post = await newPost(t, m, { title: 'Kept after I leave' });
    const asked = new Date();
    expect((await askDeletion(m, { password: PASSWORD, mode: 'keep' })).statusCode).toBe(200);

    // One day before the end of the grace period: nothing happens.
    expect((await sweepAt(addDays(asked, ACCOUNT_DELETION_GRACE_DAYS - 1))).finished).not.toContain(
      m.id,
    );
    expect((await signIn(t, m.email)).length).toBeGreaterThan(0);

    expect((await sweepAt(afterGrace(asked))).finished).toContain(m.id);
    const shown = await send(t, reader, `GET /api/posts/${post.id}`, undefined, 200);
    expect(shown.json()).toMatchObject({
      title: 'Kept after I leave',
      author: { id: m.id, username: DELETED_USERNAME },
    });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, m.id));
    expect(row).toMatchObject({ username: DELETED_USERNAME, bio: '', avatarPath: null });
    expect(row?.email).not.toBe(m.email.toLowerCase());
    expect(row?.deletedAt).toBeInstanceOf(Date);
    await send(
      t,
      null,
      'POST /api/auth/sign-in/email',
      { email: m.email, password: PASSWORD },
      401,
    );
    // Its profile is gone for members.
    await send(t, reader, `GET /api/users/${m.id}`, undefined, 404);
    // Two deleted accounts share the name.
    const m2 = await createMember(t);
    const asked2 = new Date();
    expect((await askDeletion(m2, { password: PASSWORD, mode: 'keep' })).statusCode).toBe(200);
    expect((await sweepAt(afterGrace(asked2))).finished).toContain(m2.id);
  });

  it('remove: the content goes and every counter it moved comes back', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const mine = await newPost(t, m, { title: 'Gone with me' });
    const theirs = await newPost(t, other, { title: 'Stays' });
    await send(t, m, `POST /api/posts/${theirs.id}/comments`, { body: 'Soon gone' }, 201);
    await send(t, m, `PUT /api/posts/${theirs.id}/like`, undefined, 200);
    await send(t, other, `PUT /api/posts/${mine.id}/like`, undefined, 200);
    const [otherBefore] = await t.database.db.select().from(user).where(eq(user.id, other.id));
    expect(otherBefore?.postLikeCount).toBe(1);

    const asked = new Date();
    expect((await askDeletion(m, { password: PASSWORD, mode: 'remove' })).statusCode).toBe(200);
    expect((await sweepAt(afterGrace(asked))).finished).toContain(m.id);

    expect(await t.database.db.select().from(posts).where(eq(posts.id, mine.id))).toEqual([]);
    const [theirsAfter] = await t.database.db.select().from(posts).where(eq(posts.id, theirs.id));
    expect(theirsAfter).toMatchObject({ likeCount: 0, commentCount: 0 });
    const [otherAfter] = await t.database.db.select().from(user).where(eq(user.id, other.id));
    expect(otherAfter?.postLikeCount).toBe(0);
    const comments = await send(t, other, `GET /api/posts/${theirs.id}/comments`, undefined, 200);
    expect(JSON.stringify(comments.json())).not.toContain('Soon gone');
  });

  it('the last moderator cannot delete their account; with another one they can', async () => {
    // Other tests' moderators would count: this one runs on its own app.
    const own = await createAuthTestApp();
    try {
      const mod = await createModerator(own);
      const refused = await send(
        own,
        mod,
        'POST /api/me/deletion',
        { password: PASSWORD, mode: 'keep' },
        409,
      );
      expect(refused.json().error.code).toBe('errors.lastModerator');
      await createModerator(own);
      await send(own, mod, 'POST /api/me/deletion', { password: PASSWORD, mode: 'keep' }, 200);
    } finally {
      await own.close();
    }
  });
});
