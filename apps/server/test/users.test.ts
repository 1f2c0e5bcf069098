import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { user } from '../src/db/schema/index.ts';
import { useAuthApp } from './context.ts';
import { createUser, registerUser, request, uniqueName, userRow, send } from './factories.ts';
import { multipart } from './post-factories.ts';

function multipartBody() {
  const m = multipart('file', 'a.png', Buffer.from('not even an image'));
  return { payload: m.payload, headers: m.headers };
}

describe('GET and PATCH /api/me', () => {
  const t = useAuthApp();

  const patch = (cookie: string, payload: unknown) =>
    request(t, { method: 'PATCH', url: '/api/me', cookie, payload: payload as object });

  it('answers 401 when signed out', async () => {
    const res = await request(t, { method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: {
        code: 'errors.unauthorized',
        message: 'Please log in first.',
        requestId: expect.any(String),
      },
    });
  });

  it('shows the full profile with the derived flags', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const me = (await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).json();
    expect(me).toEqual({
      id: u.id,
      email: u.email,
      emailVerified: true,
      username: u.username,
      avatarPath: null,
      registrationTimestamp: expect.any(String),
      roles: ['member'],
      displayedRole: 'member',
      postCount: 0,
      commentCount: 0,
      postLikeCount: 0,
      commentLikeCount: 0,
      statusUpdateLikeCount: 0,
      claimsModifiedTimestamp: expect.any(String),
      bio: '',
      links: [],
      banReason: null,
      language: null,
      usernameChangedTimestamp: null,
      deletionScheduledTimestamp: null,
      deletionMode: null,
      hasAccess: true,
      isBanned: false,
      isModerator: false,
    });
  });

  it('updates bio, links and language', async () => {
    const u = await registerUser(t);
    const res = await patch(u.cookie, {
      bio: 'I paint with words.',
      links: ['https://example.com/me'],
      language: 'ko',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      bio: 'I paint with words.',
      links: ['https://example.com/me'],
      language: 'ko',
    });
    expect((await userRow(t, u.id)).language).toBe('ko');
  });

  it('validates the update with field errors and writes nothing', async () => {
    const u = await registerUser(t);
    const cases: [unknown, Record<string, string>][] = [
      [{ links: ['javascript:alert(1)'] }, { 'links.0': 'errors.urlInvalid' }],
      [
        { links: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`) },
        { links: 'errors.tooManyLinks' },
      ],
      [{ bio: 'x'.repeat(501) }, { bio: 'errors.bioTooLong' }],
      [{ language: 'de' }, { language: 'errors.languageInvalid' }],
      [{ username: 'a' }, { username: 'errors.usernameLength' }],
      [{ bio: 42 }, { bio: 'errors.invalid' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await patch(u.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'errors.validation', fields });
    }
    const row = await userRow(t, u.id);
    expect(row).toMatchObject({ bio: '', links: [], language: null, username: u.username });
  });

  it('changes the username at most once every 30 days, unique case-insensitively', async () => {
    const other = await registerUser(t, { username: uniqueName('Other') });
    const u = await registerUser(t);
    const taken = await patch(u.cookie, { username: other.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'errors.usernameTaken',
      fields: { username: 'errors.usernameTaken' },
    });

    const first = await patch(u.cookie, { username: `${u.username} renamed` });
    expect(first.statusCode).toBe(200);
    expect(first.json().username).toBe(`${u.username} renamed`);
    expect(first.json().usernameChangedTimestamp).toEqual(expect.any(String));

    const second = await patch(u.cookie, { username: `${u.username} again` });
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toMatchObject({
      code: 'errors.usernameChangeTooSoon',
      fields: { username: 'errors.usernameChangeTooSoon' },
    });
    // Sending the current name is not a change.
    expect(
      (await patch(u.cookie, { username: `${u.username} renamed`, bio: 'same name' })).statusCode,
    ).toBe(200);

    await t.database.db
      .update(user)
      .set({ usernameChangedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(user.id, u.id));
    const later = await patch(u.cookie, { username: `${u.username} again` });
    expect(later.statusCode).toBe(200);
    expect(later.json().username).toBe(`${u.username} again`);
  });

  it('shows only a role the user holds', async () => {
    const u = await createUser(t, { roles: ['probation-writer', 'member'] });
    const notHeld = await patch(u.cookie, { displayedRole: 'moderator' });
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json().error).toMatchObject({
      code: 'errors.roleNotHeld',
      fields: { displayedRole: 'errors.roleNotHeld' },
    });
    const held = await patch(u.cookie, { displayedRole: 'member' });
    expect(held.statusCode).toBe(200);
    expect(held.json().displayedRole).toBe('member');
  });

  it('lets a banned user see the account and change the language, but nothing others see, nor hide the ban', async () => {
    const u = await createUser(t, { roles: ['member', 'banned'] });
    const me = await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie });
    expect(me.json()).toMatchObject({
      isBanned: true,
      banReason: 'Test ban',
      displayedRole: 'banned',
      hasAccess: false,
    });
    expect((await patch(u.cookie, { language: 'fr' })).statusCode).toBe(200);
    for (const payload of [
      { bio: 'sorry' },
      { links: ['https://example.com/me'] },
      { username: uniqueName('renamed') },
      { language: 'es', bio: 'x' },
    ]) {
      const res = await patch(u.cookie, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('errors.banned');
    }
    const after = await userRow(t, u.id);
    expect(after).toMatchObject({ username: u.username, bio: '', links: [], language: 'fr' });
    const avatar = await request(t, {
      method: 'POST',
      url: '/api/me/avatar',
      cookie: u.cookie,
      ...multipartBody(),
    });
    expect(avatar.statusCode).toBe(403);
    const hide = await patch(u.cookie, { displayedRole: 'member' });
    expect(hide.statusCode).toBe(403);
    expect(hide.json().error.code).toBe('errors.banned');
  });
});

describe('GET /api/session', () => {
  const t = useAuthApp();

  it('answers 200 with a null user when signed out (no failed request on a signed-out page)', async () => {
    const res = await request(t, { method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    const stale = await request(t, {
      method: 'GET',
      url: '/api/session',
      cookie: 'better-auth.session_token=not-a-session',
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ user: null });
  });

  it('answers the same user as GET /api/me when signed in, unverified and banned too', async () => {
    const member = await createUser(t, { roles: ['member'] });
    const unverified = await createUser(t, { verified: false });
    const banned = await createUser(t, { roles: ['pending', 'banned'] });
    for (const u of [member, unverified, banned]) {
      const me = (await request(t, { method: 'GET', url: '/api/me', cookie: u.cookie })).json();
      const res = await request(t, { method: 'GET', url: '/api/session', cookie: u.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: me });
    }
    expect(
      (await request(t, { method: 'GET', url: '/api/session', cookie: banned.cookie })).json().user
        .isBanned,
    ).toBe(true);
  });

  it('forgets the user once they sign out', async () => {
    const u = await createUser(t, { roles: ['member'] });
    await send(t, u, 'POST /api/auth/sign-out', {}, 200);
    const res = await request(t, { method: 'GET', url: '/api/session', cookie: u.cookie });
    expect(res.json()).toEqual({ user: null });
  });
});

describe('avatars', () => {
  const t = useAuthApp();

  const upload = (cookie: string, body: ReturnType<typeof multipart>) =>
    request(t, {
      method: 'POST',
      url: '/api/me/avatar',
      cookie,
      payload: body.payload,
      headers: body.headers,
    });
  const fileOf = (avatarPath: string) =>
    path.join(t.dataDir, 'media', 'avatars', path.basename(avatarPath));

  it('re-encodes an upload to a 256×256 webp without metadata, replaces and deletes it', async () => {
    const u = await registerUser(t);
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#c0ffee' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'GPS Person' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    // Named and typed as a text file: detected by content.
    const res = await upload(u.cookie, multipart('file', 'notes.txt', photo, 'text/plain'));
    expect(res.statusCode).toBe(200);
    const { avatarPath } = res.json<{ avatarPath: string }>();
    expect(avatarPath).toMatch(/^\/media\/avatars\/[0-9a-f-]+\.webp$/);
    const stored = fs.readFileSync(fileOf(avatarPath));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Camera Owner'))).toBe(false);

    const gif = await sharp({
      create: { width: 40, height: 90, channels: 4, background: '#ff000080' },
    })
      .gif()
      .toBuffer();
    const replacedRes = await upload(u.cookie, multipart('file', 'a.gif', gif, 'image/gif'));
    const replaced = {
      statusCode: replacedRes.statusCode,
      json: () => replacedRes.json<{ avatarPath: string }>(),
    };
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().avatarPath).not.toBe(avatarPath);
    expect(fs.existsSync(fileOf(avatarPath))).toBe(false);
    expect(fs.existsSync(fileOf(replaced.json().avatarPath))).toBe(true);

    const removed = await request(t, { method: 'DELETE', url: '/api/me/avatar', cookie: u.cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().avatarPath).toBeNull();
    expect(fs.existsSync(fileOf(replaced.json().avatarPath))).toBe(false);
  });

  it('refuses a file that is not an image, whatever its name', async () => {
    const u = await registerUser(t);
    const res = await upload(
      u.cookie,
      multipart('file', 'photo.png', Buffer.from('just some text, not a picture'), 'image/png'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'errors.notAnImage',
      fields: { file: 'errors.notAnImage' },
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(
      (await upload(u.cookie, multipart('file', 'a.svg', svg, 'image/svg+xml'))).json().error.code,
    ).toBe('errors.notAnImage');
    const noFile = await request(t, {
      method: 'POST',
      url: '/api/me/avatar',
      cookie: u.cookie,
      payload: { file: 'x' },
    });
    expect(noFile.json().error.code).toBe('errors.notAnImage');
    expect((await userRow(t, u.id)).avatarPath).toBeNull();
  });

  it('refuses a file over 25 MB', async () => {
    const u = await registerUser(t);
    const big = Buffer.alloc(25 * 1024 * 1024 + 10, 1);
    const res = await upload(u.cookie, multipart('file', 'big.png', big, 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('errors.fileTooLarge');
    expect(
      fs.existsSync(path.join(t.dataDir, 'media', 'avatars'))
        ? fs.readdirSync(path.join(t.dataDir, 'media', 'avatars'))
        : [],
    ).toEqual([]);
  });
});
