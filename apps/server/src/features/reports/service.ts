/**
 * Reports: a member reports content or a user (one open report per reporter and target; a second
 * report updates the first), and moderators act on all the open reports about one target. Each
 * action is ONE transaction that does the thing (dismiss, remove, ban), resolves every open report
 * on that target and writes the mod log.
 *
 * Locks: the target's open reports first, then the content (the delete services lock a comment
 * before its replies, then the post; a status update before its replies).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  excerptOf,
  hasAccess,
  isBanned,
  isModerator,
  type ParsedReportInput,
  type RemovableTargetType,
  type ReportReason,
  type ReportTargetType,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  commentReplies,
  comments,
  posts,
  reports,
  sections,
  statusReplies,
  statusUpdates,
  user,
  type ReportRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { recordEvent } from '../../live/events.ts';
import { canSeePost } from '../posts/policy.ts';
import { deleteComment, deleteReply } from '../comments/service.ts';
import { banInTx } from '../moderation/service.ts';
import { writeModLog, type ModAction } from '../modlog/service.ts';
import { deleteStatusReply, deleteStatusUpdate } from '../status-updates/service.ts';

type Viewer = Pick<UserRow, 'id' | 'roles'>;

export const targetNotFound = () => notFound('errors.reports.targetNotFound');

const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

interface TargetInfo {
  /** The author of the content, or the user reported. */
  userId: string;
}

/** Each kind of content: its table, its post (none for status updates), which rows are alive. */
const contentTargets: Record<
  RemovableTargetType,
  {
    table:
      | typeof posts
      | typeof comments
      | typeof commentReplies
      | typeof statusUpdates
      | typeof statusReplies;
    postId: typeof posts.id | typeof comments.postId | typeof commentReplies.postId | SQL<null>;
    where?: SQL;
  }
> = {
  post: { table: posts, postId: posts.id },
  comment: { table: comments, postId: comments.postId, where: sql`${comments.deletedAt} is null` },
  commentReply: { table: commentReplies, postId: commentReplies.postId },
  statusUpdate: { table: statusUpdates, postId: sql<null>`null` },
  statusReply: { table: statusReplies, postId: sql<null>`null` },
};

/** The author of a target the viewer may read; 404 errors.reports.targetNotFound otherwise. */
async function readableTarget(
  tx: Tx,
  viewer: Viewer,
  type: ReportTargetType,
  id: string,
): Promise<TargetInfo> {
  if (type === 'user') {
    const [row] = await tx
      .select({ id: user.id, roles: user.roles })
      .from(user)
      .where(eq(user.id, id));
    if (!row) throw targetNotFound();
    // As on profiles: users without access (pending, rejected) are not listed, banned ones are.
    const listed = hasAccess(row.roles) || isBanned(row.roles) || isModerator(viewer.roles);
    if (!listed && row.id !== viewer.id) throw targetNotFound();
    return { userId: row.id };
  }
  if (!isUuid(id)) throw targetNotFound();
  const content = contentTargets[type];
  const [found] = await tx
    .select({ authorId: content.table.authorId, postId: content.postId })
    .from(content.table)
    .where(and(eq(content.table.id, id), content.where));
  if (!found) throw targetNotFound();
  if (found.postId) {
    const [post] = await tx
      .select({ state: posts.state, authorId: posts.authorId })
      .from(posts)
      .where(eq(posts.id, found.postId));
    if (!post || !canSeePost(viewer, post)) throw targetNotFound();
  }
  return { userId: found.authorId };
}

export interface SavedReport {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  /** False when the viewer's open report on this target was updated instead. */
  created: boolean;
}

/**
 * Creates the viewer's report on a target, or updates their open one (reason, details,
 * updated_at). Reporting oneself or one's own content is refused (400 errors.reports.cannotReportSelf).
 */
export async function createReport(
  db: Db,
  viewer: Viewer,
  input: ParsedReportInput,
  now = new Date(),
): Promise<SavedReport> {
  return db.transaction(async (tx) => {
    const target = await readableTarget(tx, viewer, input.targetType, input.targetId);
    if (target.userId === viewer.id) throw badRequest('errors.reports.cannotReportSelf');
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: viewer.id,
        targetType: input.targetType,
        targetId: input.targetId,
        targetUserId: target.userId,
        reason: input.reason,
        otherReason: input.otherReason,
        details: input.details,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reports.reporterId, reports.targetType, reports.targetId],
        targetWhere: sql`${reports.state} = 'open'`,
        set: {
          reason: input.reason,
          otherReason: input.otherReason,
          details: input.details,
          updatedAt: now,
        },
      })
      .returning({
        id: reports.id,
        createdAt: reports.createdAt,
        updatedAt: reports.updatedAt,
        // A row written by this very insert (not an update) has no xmax.
        created: sql<boolean>`(xmax = 0)`,
      });
    if (!row) throw new Error('upsert returned no row');
    return row;
  });
}

/** The open reports on a target, locked; 409 errors.reports.handled when there is none. */
async function lockOpenReports(tx: Tx, type: ReportTargetType, id: string): Promise<ReportRow[]> {
  const rows = await tx
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.state, 'open')))
    .for('update');
  if (rows.length === 0) throw conflict('errors.reports.handled');
  return rows;
}

async function resolveReports(
  tx: Tx,
  type: ReportTargetType,
  id: string,
  moderatorId: string,
  state: 'resolved' | 'dismissed',
  action: 'dismissed' | 'removed' | 'banned',
  now: Date,
): Promise<void> {
  await tx
    .update(reports)
    .set({ state, action, moderatorId, resolvedAt: now, updatedAt: now })
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.state, 'open')));
}

/** The user the reports on a target are about (the same on every report of the target). */
function subjectOf(rows: ReportRow[]): string | null {
  return rows.find((r) => r.targetUserId)?.targetUserId ?? null;
}

export async function dismissReports(
  db: Db,
  moderator: Viewer,
  type: ReportTargetType,
  id: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await lockOpenReports(tx, type, id);
    await resolveReports(tx, type, id, moderator.id, 'dismissed', 'dismissed', now);
    await writeModLog(tx, {
      moderatorId: moderator.id,
      action: 'reportDismissed',
      targetType: type,
      targetId: id,
      subjectUserId: subjectOf(open),
      data: { reports: open.length },
    });
  });
}

const removalAction: Record<RemovableTargetType, ModAction> = {
  post: 'postRemoved',
  comment: 'commentRemoved',
  commentReply: 'commentReplyRemoved',
  statusUpdate: 'statusUpdateRemoved',
  statusReply: 'statusReplyRemoved',
};

/**
 * Takes a post down: state `removed` with the reason and the moderator. A removed post leaves the
 * lists and the section's, tags' and author's post counts (they count published posts); its
 * comments and likes stay (the author and moderators can still open it). The author gets one
 * postRemoval notification (`post.removed`, dispatched after commit).
 */
async function removePost(
  tx: Tx,
  moderator: Viewer,
  id: string,
  reason: ReportReason,
  otherReason: string | null,
  now: Date,
): Promise<{ authorId: string; title: string }> {
  const [post] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
  if (!post) throw notFound('errors.postNotFound');
  if (post.state === 'removed') throw conflict('errors.postRemoved');
  await tx
    .update(posts)
    .set({
      state: 'removed',
      removalReason: reason,
      removalOtherReason: otherReason,
      removedById: moderator.id,
      removedAt: now,
    })
    .where(eq(posts.id, id));
  await tx
    .update(sections)
    .set({ postCount: sql`greatest(${sections.postCount} - 1, 0)` })
    .where(eq(sections.slug, post.sectionSlug));
  if (post.tagIds.length > 0) {
    await tx.execute(
      sql`update tags set post_count = greatest(post_count - 1, 0) where id = any(${sql.param([...post.tagIds])}::uuid[])`,
    );
  }
  await tx
    .update(user)
    .set({ postCount: sql`greatest(${user.postCount} - 1, 0)` })
    .where(eq(user.id, post.authorId));
  await recordEvent(tx, {
    type: 'post.removed',
    actorId: moderator.id,
    data: {
      recipientId: post.authorId,
      post: { postId: post.id, postAuthorId: post.authorId, title: post.title },
      reason,
      otherReason,
    },
  });
  return { authorId: post.authorId, title: post.title };
}

/** A short description of removed content for the mod log (what it said). */
async function contentExcerpt(tx: Tx, type: RemovableTargetType, id: string): Promise<string> {
  const statement = {
    post: sql`select body as text from posts where id = ${id}`,
    comment: sql`select body as text from comments where id = ${id}`,
    commentReply: sql`select body as text from comment_replies where id = ${id}`,
    statusUpdate: sql`select content as text from status_updates where id = ${id}`,
    statusReply: sql`select content as text from status_update_replies where id = ${id}`,
  }[type];
  const [row] = await queryRows<{ text: string }>(tx, statement);
  return excerptOf(row?.text ?? '', 200);
}

/**
 * Removes the reported content with a reason (from the list, or `other` with a text), resolves
 * every open report on it and writes the mod log. Comments, replies and status updates are
 * deleted by their own services (counters exact; a comment with replies stays "[deleted]").
 */
export async function removeReported(
  db: Db,
  moderator: Viewer,
  type: RemovableTargetType,
  id: string,
  reason: ReportReason,
  otherReason: string | null,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await lockOpenReports(tx, type, id);
    let subject = subjectOf(open);
    let data: Record<string, unknown>;
    if (type === 'post') {
      const post = await removePost(tx, moderator, id, reason, otherReason, now);
      subject = post.authorId;
      data = { title: post.title, otherReason, reports: open.length };
    } else {
      const excerpt = await contentExcerpt(tx, type, id);
      if (type === 'comment') await deleteComment(tx, moderator, id, now);
      else if (type === 'commentReply') await deleteReply(tx, moderator, id);
      else if (type === 'statusUpdate') await deleteStatusUpdate(tx, moderator, id);
      else await deleteStatusReply(tx, moderator, id);
      data = { excerpt, otherReason, reports: open.length };
    }
    await resolveReports(tx, type, id, moderator.id, 'resolved', 'removed', now);
    await writeModLog(tx, {
      moderatorId: moderator.id,
      action: removalAction[type],
      targetType: type,
      targetId: id,
      subjectUserId: subject,
      reason,
      data,
    });
  });
}

/** Bans the author of the reported content (or the reported user) and resolves the reports. */
export async function banFromReports(
  db: Db,
  moderator: Viewer,
  type: ReportTargetType,
  id: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const open = await lockOpenReports(tx, type, id);
    const subject = subjectOf(open);
    if (!subject) throw notFound('errors.userNotFound');
    await banInTx(tx, moderator.id, subject, reason, now);
    await resolveReports(tx, type, id, moderator.id, 'resolved', 'banned', now);
  });
}
