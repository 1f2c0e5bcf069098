/** Who may do what with conversations: ownership first, moderators may do everything. */
import { eq } from 'drizzle-orm';
import { isModerator } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { posts, type UserRow } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';

type Viewer = Pick<UserRow, 'id' | 'roles'>;

/** Author or moderator; anyone else gets 403 errors.notYourContent. */
export function checkCanChange(viewer: Viewer, authorId: string): void {
  if (viewer.id !== authorId && !isModerator(viewer.roles)) {
    throw forbidden('errors.notYourContent');
  }
}

export interface PostAccess {
  state: 'published' | 'removed';
  authorId: string;
}

/** Published posts are open to all; a removed one only to its author and moderators (404 otherwise). */
export function canSeePost(viewer: Viewer, post: PostAccess): boolean {
  return post.state === 'published' || viewer.id === post.authorId || isModerator(viewer.roles);
}

/** The post of a conversation, if the viewer may see it (404 errors.postNotFound otherwise). */
export async function visiblePost(tx: Tx, postId: string, viewer: Viewer): Promise<PostAccess> {
  const [post] = await tx
    .select({ state: posts.state, authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post || !canSeePost(viewer, post)) throw notFound('errors.postNotFound');
  return post;
}
