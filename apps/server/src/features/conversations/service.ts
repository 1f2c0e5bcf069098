/**
 * What the two conversations write alike (features/comments, features/status-updates): whom a
 * new reply answers, a reply locked after its parent, an edit in place, who may delete and the
 * reports a delete resolves and, when a reply goes, the replies answering it losing their excerpt
 * of it. What differs stays in each feature:
 * comments' mentions, "[deleted]" placeholder, post visibility and counters; status updates'
 * site counter and like totals.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { excerptOf } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  commentReplies,
  statusReplies,
  type comments,
  type statusUpdates,
  type UserRow,
} from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordEvent, type DomainEvent } from '../../live/events.ts';
import { checkCanManage } from '../posts/policy.ts';
import { resolveReportsOnAuthorDelete } from '../reports/on-delete.ts';

export type Viewer = Pick<UserRow, 'id' | 'roles'>;

type TextColumn = AnyPgColumn<{ data: string; notNull: true }>;
type ReplyTable = typeof commentReplies | typeof statusReplies;

/** One kind of reply: its table, the column naming its parent, its text and its quote. */
export interface ReplyKind<T extends ReplyTable> {
  table: T;
  parentId: TextColumn;
  text: TextColumn;
  /** The excerpt of what it answers (`replying_to_excerpt`, `replying_to_content`). */
  quote: TextColumn;
}

export const commentReplyKind: ReplyKind<typeof commentReplies> = {
  table: commentReplies,
  parentId: commentReplies.commentId,
  text: commentReplies.body,
  quote: commentReplies.replyingToExcerpt,
};

export const statusReplyKind: ReplyKind<typeof statusReplies> = {
  table: statusReplies,
  parentId: statusReplies.statusId,
  text: statusReplies.content,
  quote: statusReplies.replyingToContent,
};

export interface ReplyingTo {
  /** null: the parent itself. */
  replyId: string | null;
  authorId: string;
  /** At most 200 characters of what it answers. */
  excerpt: string;
}

/**
 * What a new reply answers: its parent (its author, an excerpt of its text), or with `replyToId`
 * another reply of the same parent (400 errors.replyNotFound on `replyToId` if it is not one).
 */
export async function resolveReplyingTo(
  tx: Tx,
  kind: ReplyKind<ReplyTable>,
  parent: { id: string; authorId: string; text: string },
  replyToId: string | null,
): Promise<ReplyingTo> {
  if (replyToId === null)
    return { replyId: null, authorId: parent.authorId, excerpt: excerptOf(parent.text, 200) };
  const [target] = await tx
    .select({ id: kind.table.id, authorId: kind.table.authorId, text: kind.text })
    .from(kind.table)
    .where(and(eq(kind.table.id, replyToId), eq(kind.parentId, parent.id)));
  if (!target) throw badRequest('errors.replyNotFound', { replyToId: 'errors.replyNotFound' });
  return { replyId: target.id, authorId: target.authorId, excerpt: excerptOf(target.text, 200) };
}

/**
 * A reply, locked after its parent (`lockParent`, the order of every write): the parent as
 * `lockParent` returns it and the reply row; `notFound` when either is gone.
 */
export async function lockReply<T extends ReplyTable, P extends object>(
  tx: Tx,
  kind: ReplyKind<T>,
  id: string,
  lockParent: (tx: Tx, parentId: string) => Promise<P | undefined>,
  notFound: () => Error,
): Promise<{ parent: P; reply: T['$inferSelect'] }> {
  const { table, parentId }: ReplyKind<ReplyTable> = kind;
  const [found] = await tx.select({ parentId }).from(table).where(eq(table.id, id));
  if (!found) throw notFound();
  const parent: P | undefined = await lockParent(tx, found.parentId);
  const [reply] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  if (parent === undefined || !reply) throw notFound();
  return { parent, reply };
}

/**
 * The replies `answering` what is deleted (conditions on `kind`'s table, all met) lose their
 * excerpt of it.
 */
export async function dropQuotes(
  tx: Tx,
  kind: ReplyKind<ReplyTable>,
  ...answering: [SQL, ...SQL[]]
): Promise<void> {
  await tx.execute(
    sql`update ${kind.table} set ${sql.identifier(kind.quote.name)} = ''
        where ${sql.join(answering, sql` and `)}`,
  );
}

type Editable =
  typeof comments | typeof commentReplies | typeof statusUpdates | typeof statusReplies;

/**
 * The edit of one kind of item, `(db, viewer, id, input, now?)`, in place and in one transaction:
 * `lock` finds and locks the item (and refuses what the viewer may not see), only its author or a
 * moderator may edit it, `text` takes the input's `value` and the edition count and time move,
 * `event` is recorded; `after` runs last (comments' mentions).
 */
export function itemEditor<I extends { authorId: string; editionCount: number }, Input>(kind: {
  table: Editable;
  text: TextColumn;
  value: (input: Input) => string;
  lock: (tx: Tx, viewer: Viewer, id: string) => Promise<I>;
  event: (item: I, viewer: Viewer, id: string) => DomainEvent;
  after?: (tx: Tx, item: I, input: Input, id: string) => Promise<void>;
}) {
  const { table, text } = kind;
  return async (db: Db, viewer: Viewer, id: string, input: Input, now = new Date()) => {
    await db.transaction(async (tx) => {
      const item = await kind.lock(tx, viewer, id);
      checkCanManage(viewer, item.authorId);
      await tx.execute(
        sql`update ${table} set ${sql.identifier(text.name)} = ${kind.value(input)},
          ${sql.identifier(table.editionCount.name)} = ${item.editionCount + 1},
          ${sql.identifier(table.editionAt.name)} = ${sql.param(now, table.editionAt)}
          where ${eq(table.id, id)}`,
      );
      await recordEvent(tx, kind.event(item, viewer, id));
      await kind.after?.(tx, item, input, id);
    });
  };
}

/**
 * The start of every conversation delete, in its transaction and before any row goes: only the
 * item's author or a moderator may delete it (403), and its author deleting it resolves the open
 * reports on it and on what goes with it (reports/on-delete.ts), the mod log keeping an excerpt.
 */
export async function checkDelete(
  tx: Tx,
  viewer: Viewer,
  item: {
    type: 'comment' | 'commentReply' | 'statusUpdate' | 'statusReply';
    id: string;
    authorId: string;
    text: string;
  },
  now = new Date(),
): Promise<void> {
  checkCanManage(viewer, item.authorId);
  await resolveReportsOnAuthorDelete(
    tx,
    viewer.id,
    {
      type: item.type,
      id: item.id,
      authorId: item.authorId,
      data: { excerpt: excerptOf(item.text, 200) },
    },
    now,
  );
}
