/**
 * Account deletion (issue 11 item 7). The user asks with their password and a choice for their
 * content (`keep`: it stays under "[deleted user]"; `remove`: it is deleted); every session ends.
 * For ACCOUNT_DELETION_GRACE_DAYS the account can still sign in and cancel. The sweep
 * (`finishDueDeletions`, on start and on a timer: routes.ts) then finishes the deletion in one
 * transaction per account: the chosen content is removed through the features' own services (so
 * every counter moves back), then the row is emptied (username "[deleted user]", no e-mail,
 * profile, avatar, password, sessions, applications or notifications) and kept, since what stays
 * points at it. The last moderator cannot delete their account.
 */
import { and, asc, eq, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  DELETED_USERNAME,
  isModerator,
  type AccountDeletionInput,
  type RoleId,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  account,
  applications,
  commentReplies,
  comments,
  media,
  notificationPreferences,
  notifications,
  posts,
  session,
  statusReplies,
  statusUpdates,
  user,
  verification,
  type UserRow,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { addDays } from '../../lib/time.ts';
import { recordEvent } from '../../live/events.ts';
import { deleteComment, deleteReply } from '../comments/service.ts';
import { likeTables, setLike } from '../likes/service.ts';
import { deletePost } from '../posts/service.ts';
import { deleteStatusReply, deleteStatusUpdate } from '../status-updates/service.ts';
import { AVATAR_URL_PREFIX } from '../users/avatar.ts';

export interface EndedSessions {
  row: UserRow;
  /** Sessions deleted in the transaction: announce them after commit. */
  sessions: { id: string; userId: string }[];
}

async function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  const [row] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
  if (!row || row.deletedAt) throw notFound('errors.userNotFound');
  return row;
}

/** Moderators other than this user who keep their account. */
async function otherModerators(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(
      and(
        ne(user.id, userId),
        sql`'moderator' = any(${user.roles})`,
        sql`not ('banned' = any(${user.roles}))`,
        isNull(user.deletionRequestedAt),
        isNull(user.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Schedules the deletion: checks the password (400 errors.wrongPassword, field `password`),
 * refuses the last moderator (409 errors.lastModerator), ends every session of the account.
 */
export async function requestDeletion(
  db: Db,
  userId: string,
  input: AccountDeletionInput,
  now = new Date(),
): Promise<EndedSessions> {
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    const [credential] = await tx
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    const ok =
      !!credential?.password &&
      (await verifyPassword({ hash: credential.password, password: input.password }));
    if (!ok) throw badRequest('errors.wrongPassword', { password: 'errors.wrongPassword' });
    if (isModerator(row.roles) && (await otherModerators(tx, userId)) === 0) {
      throw conflict('errors.lastModerator');
    }
    const [updated] = await tx
      .update(user)
      .set({ deletionRequestedAt: now, deletionMode: input.mode, updatedAt: now })
      .where(eq(user.id, userId))
      .returning();
    const sessions = await tx
      .delete(session)
      .where(eq(session.userId, userId))
      .returning({ id: session.id, userId: session.userId });
    await recordEvent(tx, {
      type: 'user.changed',
      actorId: userId,
      data: { userId, claimsModifiedTimestamp: row.claimsModifiedAt.toISOString() },
    });
    return { row: updated ?? row, sessions };
  });
}

/** Cancels a scheduled deletion (during the grace period); a no-op when none is scheduled. */
export async function cancelDeletion(db: Db, userId: string, now = new Date()): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    if (!row.deletionRequestedAt) return row;
    const [updated] = await tx
      .update(user)
      .set({ deletionRequestedAt: null, deletionMode: null, updatedAt: now })
      .where(eq(user.id, userId))
      .returning();
    return updated ?? row;
  });
}

export interface FinishedDeletion {
  userId: string;
  /** Media keys to delete from the store after commit. */
  files: string[];
  sessions: { id: string; userId: string }[];
}

/** What a user writes in conversations, replies before what they answer, and its delete service. */
const conversationContent: {
  table: typeof commentReplies | typeof comments | typeof statusReplies | typeof statusUpdates;
  remove: (tx: Tx, viewer: UserRow, id: string) => Promise<void>;
  /** Which rows are still there to delete. */
  alive?: SQL;
}[] = [
  { table: commentReplies, remove: deleteReply },
  { table: comments, remove: deleteComment, alive: isNull(comments.deletedAt) },
  { table: statusReplies, remove: deleteStatusReply },
  { table: statusUpdates, remove: deleteStatusUpdate },
];

/** Deletes everything the user wrote and the likes they gave, through the features' services. */
async function removeContent(tx: Tx, row: UserRow): Promise<string[]> {
  // Their own content, whatever its state: the author's rights, with a removed post's visibility.
  const self: UserRow = { ...row, roles: [...row.roles, 'moderator'] as RoleId[] };
  const txDb = tx as unknown as Db;
  const files: string[] = [];
  for (const { table, remove, alive } of conversationContent) {
    for (const item of await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.authorId, row.id), alive))) {
      await remove(tx, self, item.id);
    }
  }
  for (const p of await tx.select({ id: posts.id }).from(posts).where(eq(posts.authorId, row.id))) {
    files.push(...(await deletePost(txDb, self, p.id)));
  }
  for (const [target, table] of likeTables) {
    for (const l of await tx
      .select({ targetId: table.targetId })
      .from(table)
      .where(eq(table.userId, row.id))) {
      try {
        // A savepoint: a like on something no longer likeable (a removed post) is dropped below.
        await setLike(txDb, target, l.targetId, row.id, false);
      } catch {
        await tx.delete(table).where(and(eq(table.userId, row.id), eq(table.targetId, l.targetId)));
      }
    }
  }
  return files;
}

/** Finishes one account's deletion in one transaction (after its grace period). */
export async function finishDeletion(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<FinishedDeletion | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
    if (!row || row.deletedAt || !row.deletionRequestedAt) return null;
    if (addDays(row.deletionRequestedAt, ACCOUNT_DELETION_GRACE_DAYS) > now) return null;
    const files = row.deletionMode === 'remove' ? await removeContent(tx, row) : [];
    // Uploads never attached to a post, and the avatar.
    const loose = await tx
      .delete(media)
      .where(and(eq(media.uploaderId, userId), isNull(media.postId)))
      .returning({ key: media.key, thumbnailKey: media.thumbnailKey });
    for (const m of loose) files.push(m.key, ...(m.thumbnailKey ? [m.thumbnailKey] : []));
    if (row.avatarPath?.startsWith(AVATAR_URL_PREFIX)) {
      files.push(`avatars/${row.avatarPath.slice(AVATAR_URL_PREFIX.length)}`);
    }
    await tx.delete(applications).where(eq(applications.applicantId, userId));
    await tx.delete(notifications).where(eq(notifications.recipientId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(verification).where(eq(verification.identifier, row.email));
    const sessions = await tx
      .delete(session)
      .where(eq(session.userId, userId))
      .returning({ id: session.id, userId: session.userId });
    await tx
      .update(user)
      .set({
        username: DELETED_USERNAME,
        usernameSkeleton: null,
        email: `deleted-${userId.toLowerCase()}@deleted.invalid`,
        emailVerified: false,
        avatarPath: null,
        bio: '',
        links: [],
        banReason: null,
        language: null,
        roles: ['rejected'],
        displayedRole: 'member',
        claimsModifiedAt: now,
        online: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(user.id, userId));
    await recordEvent(tx, {
      type: 'user.changed',
      actorId: userId,
      data: { userId, claimsModifiedTimestamp: now.toISOString() },
    });
    return { userId, files, sessions };
  });
}

/** Accounts whose grace period ended, oldest first. */
export async function dueDeletions(db: Db, now = new Date(), limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        isNotNull(user.deletionRequestedAt),
        isNull(user.deletedAt),
        lte(user.deletionRequestedAt, addDays(now, -ACCOUNT_DELETION_GRACE_DAYS)),
      ),
    )
    .orderBy(asc(user.deletionRequestedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
