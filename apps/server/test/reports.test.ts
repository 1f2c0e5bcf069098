/**
 * Reports: reporting (validation, one open report per user and target, own content refused, the
 * rate limit), the moderators' queue (grouped, with notes, earlier actions and ban-evasion signals,
 * in a fixed number of statements) and its actions (dismiss, remove each kind of content, ban),
 * each resolving every open report on the target and writing the mod log; and the authorization
 * matrix of every reports route.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReportQueue } from '@atelier/shared';
import { counterDrift } from '../src/demo/counters.ts';
import {
  comments,
  modLog,
  moderatorNotes,
  notifications,
  posts,
  reports,
  user,
  visitorChecks,
} from '../src/db/schema/index.ts';
import { useAuthApp, useUsers } from './context.ts';
import {
  createModerator,
  createUser,
  request,
  userRow,
  type TestUser,
  relaxedWriteLimits,
  send,
} from './factories.ts';
import { newComment, newPost, newReply, newStatus } from './post-factories.ts';
import { settle, StatementCounter } from './statement-counter.ts';

describe('reports', () => {
  const logger = new StatementCounter();
  // Shared users write more here than a person would: write limits off but for reports.
  const t = useAuthApp({ RATE_LIMITS: relaxedWriteLimits('report') }, { logger });
  const { mod, author, reporter, other } = useUsers(t, {
    mod: ['moderator'],
    author: ['member'],
    reporter: ['member'],
    other: ['probation-writer'],
  });

  const report = (u: Pick<TestUser, 'cookie'>, payload: Record<string, unknown>) =>
    request(t, { method: 'POST', url: '/api/reports', cookie: u.cookie, payload });
  const act = (
    type: string,
    id: string,
    action: 'dismiss' | 'remove' | 'ban',
    payload?: Record<string, unknown>,
    cookie = mod.cookie,
  ) =>
    request(t, {
      method: 'POST',
      url: `/api/reports/${type}/${id}/${action}`,
      cookie,
      ...(payload ? { payload } : {}),
    });
  const queue = async () => {
    const res = await request(t, { method: 'GET', url: '/api/reports', cookie: mod.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReportQueue>();
  };
  const reportsOn = (type: string, id: string) =>
    t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, type as 'post'), eq(reports.targetId, id)));
  const modLogFor = (id: string) =>
    t.database.db.select().from(modLog).where(eq(modLog.targetId, id));

  const comment = (postId: string, u: TestUser, body = 'A comment') =>
    newComment(t, u, postId, body);
  const commentReply = (commentId: string, u: TestUser, body = 'A reply') =>
    newReply(t, u, 'comment', commentId, body);
  const status = (u: TestUser, content = 'A status') => newStatus(t, u, content);
  const statusReply = (statusId: string, u: TestUser, content = 'A status reply') =>
    newReply(t, u, 'status', statusId, content);

  describe('reporting', () => {
    it('saves a report (201) and a second one by the same user updates it (200, no second row)', async () => {
      const post = await newPost(t, author, { title: 'Reported twice' });
      const target = { targetType: 'post', targetId: post.id };
      const first = await report(reporter, {
        ...target,
        reason: 'spam',
        details: 'Links everywhere',
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({
        ...target,
        reason: 'spam',
        otherReason: null,
        details: 'Links everywhere',
      });

      const second = await report(reporter, {
        ...target,
        reason: 'other',
        otherReason: 'Copied from my blog',
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);

      const rows = await reportsOn('post', post.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        reporterId: reporter.id,
        targetUserId: author.id,
        reason: 'other',
        otherReason: 'Copied from my blog',
        details: '',
        state: 'open',
      });
      expect(rows[0]!.updatedAt.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());
    });

    it('refuses bad input with clear codes and writes nothing', async () => {
      const post = await newPost(t, author);
      const cases: [Record<string, unknown>, number, string, Record<string, string>?][] = [
        [
          { targetType: 'post', targetId: post.id, reason: 'boring' },
          400,
          'errors.validation',
          { reason: 'errors.reports.reasonInvalid' },
        ],
        // No reason at all: "Choose a reason." (an unknown one: "one of the reasons", above).
        [
          { targetType: 'post', targetId: post.id },
          400,
          'errors.validation',
          { reason: 'errors.reports.reasonRequired' },
        ],
        [
          { targetType: 'post', targetId: post.id, reason: 'other' },
          400,
          'errors.validation',
          { otherReason: 'errors.reports.otherReasonRequired' },
        ],
        [
          { targetType: 'post', targetId: post.id, reason: 'other', otherReason: '   ' },
          400,
          'errors.validation',
          { otherReason: 'errors.reports.otherReasonRequired' },
        ],
        [
          { targetType: 'post', targetId: post.id, reason: 'spam', details: 'x'.repeat(2001) },
          400,
          'errors.validation',
          { details: 'errors.reports.detailsTooLong' },
        ],
        [
          { targetType: 'planet', targetId: post.id, reason: 'spam' },
          400,
          'errors.validation',
          { targetType: 'errors.reports.targetInvalid' },
        ],
        [
          { targetType: 'post', targetId: '00000000-0000-4000-8000-000000000000', reason: 'spam' },
          404,
          'errors.reports.targetNotFound',
        ],
        [
          { targetType: 'comment', targetId: 'not-a-uuid', reason: 'spam' },
          404,
          'errors.reports.targetNotFound',
        ],
        [
          { targetType: 'user', targetId: 'nobody', reason: 'spam' },
          404,
          'errors.reports.targetNotFound',
        ],
        // A pending applicant is not listed (as on profiles).
        [
          { targetType: 'user', targetId: (await createUser(t)).id, reason: 'spam' },
          404,
          'errors.reports.targetNotFound',
        ],
      ];
      for (const [payload, status, code, fields] of cases) {
        const res = await report(reporter, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().error.code, JSON.stringify(payload)).toBe(code);
        if (fields) expect(res.json().error.fields).toMatchObject(fields);
      }
      expect(await reportsOn('post', post.id)).toHaveLength(0);
    });

    it("refuses reporting oneself or one's own content", async () => {
      const post = await newPost(t, author);
      for (const payload of [
        { targetType: 'post', targetId: post.id, reason: 'spam' },
        { targetType: 'user', targetId: author.id, reason: 'spam' },
      ]) {
        const res = await report(author, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('errors.reports.cannotReportSelf');
      }
      expect(await reportsOn('post', post.id)).toHaveLength(0);
    });

    it('does not let members report a removed post they cannot read', async () => {
      const post = await newPost(t, author);
      await report(other, { targetType: 'post', targetId: post.id, reason: 'spam' });
      expect((await act('post', post.id, 'remove', { reason: 'spam' })).statusCode).toBe(204);
      const res = await report(reporter, { targetType: 'post', targetId: post.id, reason: 'spam' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('errors.reports.targetNotFound');
    });

    it('is rate-limited: 20 reports an hour per user, then 429', async () => {
      const busy = await createUser(t, { roles: ['member'] });
      for (let i = 0; i < 20; i += 1) {
        const res = await report(busy, {
          targetType: 'user',
          targetId: author.id,
          reason: 'spam',
          details: `try ${i}`,
        });
        expect(res.statusCode, res.body).toBe(i === 0 ? 201 : 200);
      }
      const refused = await report(busy, {
        targetType: 'user',
        targetId: author.id,
        reason: 'spam',
        details: 'again',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('errors.rateLimited');
      const [row] = await t.database.db
        .select()
        .from(reports)
        .where(and(eq(reports.reporterId, busy.id), eq(reports.targetId, author.id)));
      expect(row?.details).toBe('try 19');
    });
  });

  describe('the queue', () => {
    it('groups open reports by target with the preview, the reporters, the notes and earlier actions, in a fixed number of statements', async () => {
      const subject = await createUser(t, { roles: ['member'] });
      const post = await newPost(t, subject, { title: 'Queue me', body: 'A **body** to preview' });
      await report(reporter, {
        targetType: 'post',
        targetId: post.id,
        reason: 'plagiarism',
        details: 'Seen elsewhere',
      });
      await report(other, {
        targetType: 'post',
        targetId: post.id,
        reason: 'other',
        otherReason: 'Weird vibes',
      });
      await t.database.db
        .insert(moderatorNotes)
        .values({ subjectId: subject.id, authorId: mod.id, body: 'Warned once about links' });
      await t.database.db.insert(modLog).values({
        moderatorId: mod.id,
        action: 'commentRemoved',
        targetType: 'comment',
        targetId: 'c-earlier',
        subjectUserId: subject.id,
        reason: 'spam',
      });

      await settle(t);
      const before = logger.count;
      const first = await queue();
      const statements = logger.count - before;
      const group = first.groups.find((g) => g.targetId === post.id);
      expect(group).toMatchObject({
        targetType: 'post',
        author: { id: subject.id, username: subject.username },
        authorBanned: false,
        reportCount: 2,
        target: {
          exists: true,
          title: 'Queue me',
          excerpt: 'A body to preview',
          link: `/posts/${post.id}`,
          removed: false,
        },
        authorNotes: [{ body: 'Warned once about links', author: { id: mod.id } }],
        authorActions: [{ action: 'commentRemoved', reason: 'spam', moderator: { id: mod.id } }],
      });
      expect(
        group?.reports.map((r) => [r.reporter?.id, r.reason, r.otherReason, r.details]).sort(),
      ).toEqual(
        [
          [other.id, 'other', 'Weird vibes', ''],
          [reporter.id, 'plagiarism', null, 'Seen elsewhere'],
        ].sort(),
      );

      // More reports on more kinds of targets: the same number of statements.
      const c = await comment(post.id, author);
      const s = await status(author);
      await report(reporter, { targetType: 'comment', targetId: c, reason: 'harassment' });
      await report(reporter, { targetType: 'statusUpdate', targetId: s, reason: 'hate' });
      await report(reporter, { targetType: 'user', targetId: subject.id, reason: 'spam' });
      await settle(t);
      const again = logger.count;
      const second = await queue();
      expect(logger.count - again).toBe(statements);
      expect(second.groups.find((g) => g.targetId === c)?.target).toMatchObject({
        link: `/posts/${post.id}#comment-${c}`,
        title: 'Queue me',
      });
      expect(second.groups.find((g) => g.targetId === subject.id)).toMatchObject({
        targetType: 'user',
        author: { id: subject.id },
        authorNotes: [{ body: 'Warned once about links' }],
      });
    });

    it('flags an account that shares visitor ids with banned users, once with all its ids', async () => {
      const banned = await createUser(t, { roles: ['member'] });
      const banned2 = await createUser(t, { roles: ['member', 'banned'] });
      const evader = await createUser(t, { roles: ['member'] });
      const bystander = await createUser(t, { roles: ['member'] });
      for (const [u, visitor] of [
        [banned, 'shared-browser-1'],
        [banned, 'shared-browser-3'],
        [banned2, 'shared-browser-3'],
        [evader, 'shared-browser-1'],
        [evader, 'shared-browser-3'],
        [bystander, 'own-browser-2'],
      ] as const) {
        await send(t, u, `PUT /api/auth/verify/${visitor}`, undefined, 204);
      }
      // Before the ban: only banned2 (sharing shared-browser-3).
      expect(
        (await queue()).banEvasion
          .filter((e) => e.otherUser.id === evader.id)
          .map((e) => [e.bannedUsers.map((b) => b.user.id), e.visitorIds]),
      ).toEqual([[[banned2.id], ['shared-browser-3']]]);
      await send(t, mod, `POST /api/users/${banned.id}/ban`, { reason: 'Alt farming' }, 204);
      const flagged = (await queue()).banEvasion;
      const rows = flagged.filter((e) => e.otherUser.id === evader.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.visitorIds.slice().sort()).toEqual(['shared-browser-1', 'shared-browser-3']);
      expect(rows[0]!.bannedUsers).toHaveLength(2);
      expect(rows[0]!.bannedUsers).toContainEqual({
        user: expect.objectContaining({ id: banned.id }),
        banReason: 'Alt farming',
      });
      expect(rows[0]!.bannedUsers.map((b) => b.user.id)).toContain(banned2.id);
      expect(flagged.some((e) => e.otherUser.id === bystander.id)).toBe(false);
      const seen = await t.database.db
        .select()
        .from(visitorChecks)
        .where(eq(visitorChecks.userId, evader.id));
      const latest = Math.max(...seen.map((s) => s.lastSeenAt.getTime()));
      expect(rows[0]!.seenAt).toBe(new Date(latest).toISOString());
    });
  });

  describe('actions', () => {
    it('dismiss resolves every open report on the target and writes the mod log', async () => {
      const post = await newPost(t, author);
      await report(reporter, { targetType: 'post', targetId: post.id, reason: 'spam' });
      await report(other, { targetType: 'post', targetId: post.id, reason: 'hate' });
      const res = await act('post', post.id, 'dismiss');
      expect(res.statusCode, res.body).toBe(204);
      const rows = await reportsOn('post', post.id);
      expect(rows.map((r) => [r.state, r.action, r.moderatorId])).toEqual([
        ['dismissed', 'dismissed', mod.id],
        ['dismissed', 'dismissed', mod.id],
      ]);
      expect(rows.every((r) => r.resolvedAt)).toBe(true);
      expect(await modLogFor(post.id)).toEqual([
        expect.objectContaining({
          action: 'reportDismissed',
          moderatorId: mod.id,
          subjectUserId: author.id,
          targetType: 'post',
        }),
      ]);
      expect((await queue()).groups.some((g) => g.targetId === post.id)).toBe(false);
      const [stillThere] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
      expect(stillThere?.state).toBe('published');
      // Nothing left to act on.
      const again = await act('post', post.id, 'dismiss');
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('errors.reports.handled');
    });

    it('refuses a removal with `other` and no text (400 with a field error) and changes nothing', async () => {
      const post = await newPost(t, author);
      await report(reporter, { targetType: 'post', targetId: post.id, reason: 'spam' });
      for (const payload of [
        { reason: 'other' },
        { reason: 'other', otherReason: '  ' },
        { reason: 'nope' },
      ]) {
        const res = await act('post', post.id, 'remove', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('errors.validation');
      }
      const res = await act('post', post.id, 'remove', { reason: 'other' });
      expect(res.json().error.fields).toEqual({
        otherReason: 'errors.reports.otherReasonRequired',
      });
      const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
      expect(row?.state).toBe('published');
      expect((await reportsOn('post', post.id))[0]?.state).toBe('open');
      expect(await modLogFor(post.id)).toEqual([]);
    });

    it('removing a post: removed with reason, exactly one notification to the author, every report resolved, one mod-log row, counters exact', async () => {
      const post = await newPost(t, author, { title: 'Take me down' });
      await comment(post.id, reporter);
      await report(reporter, { targetType: 'post', targetId: post.id, reason: 'spam' });
      await report(other, { targetType: 'post', targetId: post.id, reason: 'plagiarism' });
      const authorBefore = await userRow(t, author.id);

      const res = await act('post', post.id, 'remove', {
        reason: 'other',
        otherReason: 'Off-topic advertising',
      });
      expect(res.statusCode, res.body).toBe(204);
      await t.app.live.kick();

      const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
      expect(row).toMatchObject({
        state: 'removed',
        removalReason: 'other',
        removalOtherReason: 'Off-topic advertising',
        removedById: mod.id,
      });
      expect((await userRow(t, author.id)).postCount).toBe(authorBefore.postCount - 1);
      const rows = await reportsOn('post', post.id);
      expect(rows.map((r) => [r.state, r.action, r.moderatorId])).toEqual([
        ['resolved', 'removed', mod.id],
        ['resolved', 'removed', mod.id],
      ]);
      /** The author's `postRemoval` notifications about the post. */
      const removalNotices = () =>
        t.database.db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.recipientId, author.id),
              eq(notifications.type, 'postRemoval'),
              eq(notifications.postId, post.id),
            ),
          );
      const sent = await removalNotices();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        postId: post.id,
        postTitle: 'Take me down',
        reason: 'other',
        otherReason: 'Off-topic advertising',
      });
      const list = await request(t, {
        method: 'GET',
        url: '/api/notifications',
        cookie: author.cookie,
      });
      expect(
        list
          .json<{ type: string; post?: { postId: string } }[]>()
          .filter((n) => n.type === 'postRemoval' && n.post?.postId === post.id),
      ).toHaveLength(1);
      expect(await modLogFor(post.id)).toEqual([
        expect.objectContaining({
          action: 'postRemoved',
          moderatorId: mod.id,
          subjectUserId: author.id,
          reason: 'other',
          data: expect.objectContaining({
            title: 'Take me down',
            otherReason: 'Off-topic advertising',
            reports: 2,
          }),
        }),
      ]);
      expect(await counterDrift(t.database.db)).toEqual([]);
      // The post left the lists; its author and moderators still open it.
      await send(t, reporter, `GET /api/posts/${post.id}`, undefined, 404);
      expect(
        (
          await request(t, { method: 'GET', url: `/api/posts/${post.id}`, cookie: author.cookie })
        ).json(),
      ).toMatchObject({
        state: 'removed',
        removal: { reason: 'other', otherReason: 'Off-topic advertising' },
      });
      // A second removal finds nothing open.
      expect((await act('post', post.id, 'remove', { reason: 'spam' })).statusCode).toBe(409);
      await t.app.live.kick();
      expect(await removalNotices()).toHaveLength(1);
    });

    it('removes a comment (kept as "[deleted]" with replies), a comment reply, a status update and a status reply with exact counters', async () => {
      const post = await newPost(t, reporter);
      const withReplies = await comment(post.id, author, 'Nasty comment');
      await commentReply(withReplies, reporter, 'Calm down');
      const alone = await comment(post.id, author, 'Another nasty one');
      const reply = await commentReply(withReplies, author, 'Nasty reply');
      const s = await status(author, 'Nasty status');
      const r = await statusReply(s, author, 'Nasty status reply');
      const plainStatus = await status(reporter, 'Kind status');
      const plainReply = await statusReply(plainStatus, author, 'Nasty under kind');
      for (const like of [
        `/api/comments/${withReplies}/like`,
        `/api/comment-replies/${reply}/like`,
        `/api/status-updates/${s}/like`,
      ]) {
        await send(t, other, `PUT ${like}`, undefined, 200);
      }
      const targets: [string, string][] = [
        ['comment', withReplies],
        ['comment', alone],
        ['commentReply', reply],
        ['statusReply', plainReply],
        ['statusUpdate', s],
      ];
      for (const [type, id] of targets) {
        expect(
          (await report(other, { targetType: type, targetId: id, reason: 'harassment' }))
            .statusCode,
        ).toBe(201);
      }
      for (const [type, id] of targets) {
        const res = await act(type, id, 'remove', { reason: 'harassment' });
        expect(res.statusCode, `${type} ${res.body}`).toBe(204);
        expect((await reportsOn(type, id)).map((x) => x.state)).toEqual(['resolved']);
        expect(await modLogFor(id)).toEqual([
          expect.objectContaining({
            action: `${type}Removed`,
            subjectUserId: author.id,
            reason: 'harassment',
          }),
        ]);
      }
      const [kept] = await t.database.db
        .select()
        .from(comments)
        .where(eq(comments.id, withReplies));
      expect(kept?.deletedAt).toBeTruthy();
      expect(await t.database.db.select().from(comments).where(eq(comments.id, alone))).toEqual([]);
      expect(r).toBeTruthy();
      expect(await counterDrift(t.database.db)).toEqual([]);
    });

    it('refuses to "remove" a user (ban instead)', async () => {
      const target = await createUser(t, { roles: ['member'] });
      await report(reporter, { targetType: 'user', targetId: target.id, reason: 'spam' });
      const res = await act('user', target.id, 'remove', { reason: 'spam' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('errors.reports.cannotRemoveUser');
    });

    it('bans the author from a report: banned with the reason, reports resolved, the ban in the mod log', async () => {
      const spammer = await createUser(t, { roles: ['member'] });
      const post = await newPost(t, spammer);
      await report(reporter, { targetType: 'post', targetId: post.id, reason: 'spam' });
      const bad = await act('post', post.id, 'ban', { reason: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({ reason: 'errors.required' });

      const before = await userRow(t, spammer.id);
      const res = await act('post', post.id, 'ban', { reason: 'Spam account' });
      expect(res.statusCode, res.body).toBe(204);
      const after = await userRow(t, spammer.id);
      expect(after).toMatchObject({ displayedRole: 'banned', banReason: 'Spam account' });
      expect(after.roles).toContain('banned');
      expect(after.claimsModifiedAt.getTime()).toBeGreaterThan(before.claimsModifiedAt.getTime());
      expect((await reportsOn('post', post.id)).map((r) => [r.state, r.action])).toEqual([
        ['resolved', 'banned'],
      ]);
      const log = await t.database.db
        .select()
        .from(modLog)
        .where(eq(modLog.subjectUserId, spammer.id));
      expect(log).toEqual([
        expect.objectContaining({
          action: 'userBanned',
          reason: 'Spam account',
          moderatorId: mod.id,
        }),
      ]);
      expect(
        (await request(t, { method: 'GET', url: '/api/sections', cookie: spammer.cookie })).json()
          .error.code,
      ).toBe('errors.banned');
    });

    it('a moderator cannot ban themselves from a report about them', async () => {
      const otherMod = await createModerator(t);
      await report(reporter, { targetType: 'user', targetId: otherMod.id, reason: 'harassment' });
      const res = await send(
        t,
        otherMod,
        `POST /api/reports/user/${otherMod.id}/ban`,
        { reason: 'me' },
        400,
      );
      expect(res.json().error.code).toBe('errors.cannotBanSelf');
      expect((await reportsOn('user', otherMod.id))[0]?.state).toBe('open');
    });

    it('unknown targets of an action are 404 or 409', async () => {
      expect((await act('planet', 'x', 'dismiss')).statusCode).toBe(404);
      const res = await act('post', '00000000-0000-4000-8000-000000000000', 'dismiss');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('errors.reports.handled');
    });
  });

  describe('authorization', () => {
    it('every reports route refuses each state that may not call it, and nothing changes', async () => {
      const post = await newPost(t, author);
      await report(reporter, { targetType: 'post', targetId: post.id, reason: 'spam' });
      const states: Record<string, { cookie: string; expected: [number, string] }> = {
        anonymous: { cookie: '', expected: [401, 'errors.unauthorized'] },
        unverified: {
          cookie: (await createUser(t, { verified: false })).cookie,
          expected: [403, 'errors.emailNotVerified'],
        },
        pending: { cookie: (await createUser(t)).cookie, expected: [403, 'errors.noAccess'] },
        rejected: {
          cookie: (await createUser(t, { roles: ['rejected'] })).cookie,
          expected: [403, 'errors.noAccess'],
        },
        banned: {
          cookie: (await createUser(t, { roles: ['member', 'banned'] })).cookie,
          expected: [403, 'errors.banned'],
        },
        member: {
          cookie: (await createUser(t, { roles: ['member'] })).cookie,
          expected: [403, 'errors.moderatorOnly'],
        },
        probation: {
          cookie: (await createUser(t, { roles: ['probation-faker'] })).cookie,
          expected: [403, 'errors.moderatorOnly'],
        },
        advanced: {
          cookie: (await createUser(t, { roles: ['advanced-ai-artist'] })).cookie,
          expected: [403, 'errors.moderatorOnly'],
        },
      };
      const moderatorRoutes = [
        { method: 'GET' as const, url: '/api/reports' },
        { method: 'POST' as const, url: `/api/reports/post/${post.id}/dismiss` },
        {
          method: 'POST' as const,
          url: `/api/reports/post/${post.id}/remove`,
          payload: { reason: 'spam' },
        },
        {
          method: 'POST' as const,
          url: `/api/reports/post/${post.id}/ban`,
          payload: { reason: 'Spam' },
        },
      ];
      const snapshot = async () => ({
        reports: await t.database.db.select({ n: sql<number>`count(*)::int` }).from(reports),
        log: await t.database.db.select({ n: sql<number>`count(*)::int` }).from(modLog),
        post: await t.database.db
          .select({ state: posts.state })
          .from(posts)
          .where(eq(posts.id, post.id)),
        banned: await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(user)
          .where(sql`'banned' = any(${user.roles})`),
      });
      const before = await snapshot();
      for (const [name, { cookie, expected }] of Object.entries(states)) {
        for (const route of moderatorRoutes) {
          const res = await request(t, { ...route, ...(cookie ? { cookie } : {}) });
          expect(res.statusCode, `${name} ${route.method} ${route.url}`).toBe(expected[0]);
          expect(res.json().error.code, `${name} ${route.url}`).toBe(expected[1]);
        }
        // Reporting needs access: members, probation and advanced may; the others are refused.
        const res = await request(t, {
          method: 'POST',
          url: '/api/reports',
          payload: { targetType: 'user', targetId: mod.id, reason: 'spam' },
          ...(cookie ? { cookie } : {}),
        });
        if (['member', 'probation', 'advanced'].includes(name)) {
          expect(res.statusCode, name).toBe(201);
        } else {
          expect(res.statusCode, name).toBe(expected[0]);
          expect(res.json().error.code, name).toBe(expected[1]);
        }
      }
      const after = await snapshot();
      expect(after.log).toEqual(before.log);
      expect(after.post).toEqual(before.post);
      expect(after.banned).toEqual(before.banned);
      // Only the three reports of the users with access were added.
      expect(after.reports[0]!.n - before.reports[0]!.n).toBe(3);
    });
  });
});
