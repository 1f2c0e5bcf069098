/**
 * Issue 11: reports on content its author deletes are resolved in the delete's transaction and
 * logged once in the mod log (no moderator; about the author), including reports on what the
 * delete takes with it. A delete by someone else (a moderator) leaves them to the queue.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ModLogEntry, Page } from '@atelier/shared';
import { modLog, reports } from '../src/db/schema/index.ts';
import { useUsers, useWritersApp } from './context.ts';
import { request, type TestUser, requestAs } from './factories.ts';
import { newPost } from './post-factories.ts';

const t = useWritersApp();
const { mod, author, reporter } = useUsers(t, {
  mod: ['moderator'],
  author: ['member'],
  reporter: ['member'],
});

const send = (u: TestUser, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  request(t, { method, url, cookie: u.cookie, ...(payload ? { payload } : {}) });

async function created(u: TestUser, url: string, payload: object): Promise<string> {
  const res = await send(u, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function reportOn(targetType: string, targetId: string, u = reporter) {
  const res = await send(u, 'POST', '/api/reports', { targetType, targetId, reason: 'spam' });
  expect(res.statusCode, res.body).toBe(201);
}

const reportRows = (ids: string[]) =>
  t.database.db.select().from(reports).where(inArray(reports.targetId, ids));

describe('reports on content its author deletes', () => {
  it('a deleted post resolves its reports and those on its comments and replies, logged once', async () => {
    const post = await newPost(t, author, { title: 'Soon gone' });
    const commentId = await created(reporter, `/api/posts/${post.id}/comments`, { body: 'c' });
    const replyId = await created(author, `/api/comments/${commentId}/replies`, { body: 'r' });
    await reportOn('post', post.id);
    await reportOn('comment', commentId, author);
    await reportOn('commentReply', replyId);

    const res = await send(author, 'DELETE', `/api/posts/${post.id}`);
    expect(res.statusCode).toBe(204);

    const rows = await reportRows([post.id, commentId, replyId]);
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row).toMatchObject({ state: 'resolved', action: 'authorDeleted', moderatorId: null });
    const log = await t.database.db.select().from(modLog).where(eq(modLog.targetId, post.id));
    expect(log).toEqual([
      expect.objectContaining({
        action: 'reportsResolvedByDeletion',
        moderatorId: null,
        targetType: 'post',
        subjectUserId: author.id,
        data: { title: 'Soon gone', reports: 3 },
      }),
    ]);

    // The mod log shows it (no moderator), and the queue no longer lists it.
    const page = await requestAs(t, mod, 'GET /api/mod-log?action=reportsResolvedByDeletion');
    expect(page.statusCode, page.body).toBe(200);
    const entry = page.json<Page<ModLogEntry>>().items.find((e) => e.targetId === post.id);
    expect(entry).toMatchObject({ moderator: null, subject: { id: author.id } });
    const queue = await request(t, { method: 'GET', url: '/api/reports', cookie: mod.cookie });
    expect(JSON.stringify(queue.json())).not.toContain(post.id);
  });

  it('works for comments, comment replies, status updates and status replies', async () => {
    const post = await newPost(t, reporter);
    const commentId = await created(author, `/api/posts/${post.id}/comments`, { body: 'c1' });
    const otherComment = await created(reporter, `/api/posts/${post.id}/comments`, { body: 'c2' });
    const replyId = await created(author, `/api/comments/${otherComment}/replies`, { body: 'r' });
    const statusId = await created(author, '/api/status-updates', { content: 's' });
    const mine = await created(author, '/api/status-updates', { content: 's2' });
    const statusReplyId = await created(author, `/api/status-updates/${mine}/replies`, {
      content: 'sr',
    });
    const targets: [string, string, string][] = [
      ['comment', commentId, `/api/comments/${commentId}`],
      ['commentReply', replyId, `/api/comment-replies/${replyId}`],
      ['statusUpdate', statusId, `/api/status-updates/${statusId}`],
      ['statusReply', statusReplyId, `/api/status-replies/${statusReplyId}`],
    ];
    for (const [type, id] of targets) await reportOn(type, id);
    for (const [type, id, url] of targets) {
      expect((await send(author, 'DELETE', url)).statusCode, type).toBe(204);
      const [row] = await reportRows([id]);
      expect(row, type).toMatchObject({ state: 'resolved', action: 'authorDeleted' });
      const log = await t.database.db
        .select()
        .from(modLog)
        .where(and(eq(modLog.targetId, id), eq(modLog.action, 'reportsResolvedByDeletion')));
      expect(log, type).toHaveLength(1);
    }
  });

  it('a moderator deleting someone else’s content leaves the reports to the queue', async () => {
    const commentPost = await newPost(t, reporter);
    const commentId = await created(author, `/api/posts/${commentPost.id}/comments`, {
      body: 'c',
    });
    await reportOn('comment', commentId);
    expect((await send(mod, 'DELETE', `/api/comments/${commentId}`)).statusCode).toBe(204);
    const [row] = await reportRows([commentId]);
    expect(row?.state).toBe('open');
    const log = await t.database.db.select().from(modLog).where(eq(modLog.targetId, commentId));
    expect(log).toHaveLength(0);
  });

  it('a delete with no report writes nothing to the mod log', async () => {
    const post = await newPost(t, author);
    expect((await send(author, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    const log = await t.database.db.select().from(modLog).where(eq(modLog.targetId, post.id));
    expect(log).toHaveLength(0);
  });
});
