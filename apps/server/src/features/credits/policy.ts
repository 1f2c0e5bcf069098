/**
 * Who may change series and credits. A series and its chapters are its author's: only they
 * create, rename, fill and reorder it; moderators may remove (delete a series, take a post out of
 * one, remove credits), never add. A post's credits are its author's to choose.
 */
import { isModerator, type CreditKind } from '@atelier/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';

/** Renaming a series, or placing a post in it: its author only. */
export function checkSeriesAuthor(viewer: UserRow, series: { authorId: string }): void {
  if (viewer.id !== series.authorId) throw forbidden('errors.notYourSeries');
}

/** Deleting a series, or taking a post out of one: the author or a moderator. */
export function checkCanRemove(viewer: UserRow, authorId: string): void {
  if (viewer.id !== authorId && !isModerator(viewer.roles))
    throw forbidden('errors.notYourContent');
}

/**
 * Setting a post's credits: its author sets any; a moderator may only take some away (the new
 * list a part of the current one, kinds unchanged).
 */
export function checkCanSetCredits(
  viewer: UserRow,
  postAuthorId: string,
  current: ReadonlyMap<string, CreditKind>,
  next: readonly { postId: string; kind: CreditKind }[],
): void {
  if (viewer.id === postAuthorId) return;
  if (!isModerator(viewer.roles)) throw forbidden('errors.notYourContent');
  if (next.some((c) => current.get(c.postId) !== c.kind))
    throw forbidden('errors.creditsModeratorRemoveOnly');
}
