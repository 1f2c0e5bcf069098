/**
 * Who may do what with posts and their conversations (comments, replies; status updates use
 * `checkCanManage` too): the shared rules of `@atelier/shared` policy, as the server applies them.
 */
import { eq } from 'drizzle-orm';
import { mayManage, maySeePost, type Actor } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';

/** Author or moderator; anyone else gets 403 errors.notYourContent. */
export function checkCanManage(viewer: Actor, authorId: string): void {
  if (!mayManage(viewer, authorId)) throw forbidden('errors.notYourContent');
}

export interface PostAccess {
  state: 'published' | 'removed';
  authorId: string;
}

/** Published posts are open to all; a removed one only to its author and moderators. */
export const canSeePost = (viewer: Actor, post: { state: string; authorId: string }): boolean =>
  maySeePost(viewer, post);

/** The post of a conversation, if the viewer may see it (404 errors.postNotFound otherwise). */
export async function visiblePost(tx: Tx, postId: string, viewer: Actor): Promise<PostAccess> {
  const [post] = await tx
    .select({ state: posts.state, authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post || !canSeePost(viewer, post)) throw notFound('errors.postNotFound');
  return post;
}
