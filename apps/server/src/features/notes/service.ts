/**
 * Moderator notes on users: moderators add, list (newest first, with their author) and delete.
 * Adding and deleting are one transaction each with their mod-log row (the deleted note's text is
 * kept in the log). `notesAbout` is what /reports and /applications show beside a user too.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { ModeratorNote } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import { moderatorNotes, user } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { presentPublicUser, publicUserColumns } from '../users/presenter.ts';
import { writeModLog } from '../modlog/service.ts';

export const noteNotFound = () => notFound('errors.moderation.noteNotFound');

function selectNotes(db: Tx) {
  return db
    .select({
      note: moderatorNotes,
      author: publicUserColumns(user),
    })
    .from(moderatorNotes)
    .leftJoin(user, eq(user.id, moderatorNotes.authorId));
}

type NoteWithAuthor = Awaited<ReturnType<ReturnType<typeof selectNotes>['where']>>[number];

function presentNote({ note, author }: NoteWithAuthor): ModeratorNote {
  return {
    id: note.id,
    subjectId: note.subjectId,
    author: author ? presentPublicUser(author) : null,
    body: note.body,
    createdAt: note.createdAt.toISOString(),
  };
}

/** Notes about these users, newest first (one statement whatever the number of users). */
export async function notesAbout(db: Tx, subjectIds: readonly string[]): Promise<ModeratorNote[]> {
  if (subjectIds.length === 0) return [];
  const rows = await selectNotes(db)
    .where(inArray(moderatorNotes.subjectId, [...subjectIds]))
    .orderBy(desc(moderatorNotes.createdAt), desc(moderatorNotes.id))
    .limit(500);
  return rows.map(presentNote);
}

/** The notes about an existing user; 404 errors.userNotFound for anyone else. */
export async function notesAboutUser(db: Db, subjectId: string): Promise<ModeratorNote[]> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, subjectId));
  if (!row) throw notFound('errors.userNotFound');
  return notesAbout(db, [subjectId]);
}

export async function addNote(
  db: Db,
  moderatorId: string,
  subjectId: string,
  body: string,
  now = new Date(),
): Promise<ModeratorNote> {
  return db.transaction(async (tx) => {
    const [subject] = await tx.select({ id: user.id }).from(user).where(eq(user.id, subjectId));
    if (!subject) throw notFound('errors.userNotFound');
    const [created] = await tx
      .insert(moderatorNotes)
      .values({ subjectId, authorId: moderatorId, body, createdAt: now })
      .returning({ id: moderatorNotes.id });
    if (!created) throw new Error('insert returned nothing');
    await writeModLog(tx, {
      moderatorId,
      action: 'noteAdded',
      targetType: 'note',
      targetId: created.id,
      subjectUserId: subjectId,
      data: { body },
    });
    const [row] = await selectNotes(tx).where(eq(moderatorNotes.id, created.id));
    if (!row) throw new Error('created note not found');
    return presentNote(row);
  });
}

export async function deleteNote(db: Db, moderatorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(moderatorNotes).where(eq(moderatorNotes.id, id)).returning();
    if (!deleted) throw noteNotFound();
    await writeModLog(tx, {
      moderatorId,
      action: 'noteDeleted',
      targetType: 'note',
      targetId: id,
      subjectUserId: deleted.subjectId,
      data: {
        body: deleted.body,
        authorId: deleted.authorId,
        createdAt: deleted.createdAt.toISOString(),
      },
    });
  });
}
