/**
 * Who may do what with content: one rule per resource, decided by the server (which answers
 * 403/404 from it) and mirrored by the web app to show or hide an action. Moderators may do
 * everything an author may.
 */
import { isModerator, type RoleId } from './roles.ts';

/** The acting user: the server's user row or the web app's current user. */
export interface Actor {
  id: string;
  roles: readonly RoleId[];
}

/** Edit, delete, read the history of an item: its author, or a moderator. */
export function mayManage(actor: Actor | null | undefined, authorId: string | null): boolean {
  if (!actor) return false;
  return isModerator(actor.roles) || (authorId !== null && actor.id === authorId);
}

/** Open a post (and its conversation): published, or removed and the actor may manage it. */
export function maySeePost(
  actor: Actor | null | undefined,
  post: { state: string; authorId: string | null },
): boolean {
  return post.state === 'published' || mayManage(actor, post.authorId);
}
