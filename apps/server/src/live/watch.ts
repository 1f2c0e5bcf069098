/**
 * `post:watch` / `post:unwatch`: the client says which post page it is on; the server joins the
 * socket to that post's room only if the user (loaded fresh: roles may have changed since the
 * socket opened) still has access and may read the post. One post per socket: watching another
 * leaves the first. The answer is a `WatchResult` (an error code, never a reason to retry).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { maySeePost, type WatchResult } from '@atelier/shared';
import { stateOf } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import { posts, user } from '../db/schema/index.ts';
import { rooms, type LiveServerSocket } from './emitter.ts';

const postIdSchema = z.uuid();

/** Whether `userId` may read the post now: errors.postNotFound / errors.noAccess, or null. */
export async function watchRefusal(
  db: Db,
  userId: string,
  postId: unknown,
): Promise<string | null> {
  const id = postIdSchema.safeParse(postId);
  if (!id.success) return 'errors.postNotFound';
  const [viewer] = await db.select().from(user).where(eq(user.id, userId));
  if (!viewer) return 'errors.unauthorized';
  const state = stateOf(viewer);
  if (state !== 'member' && state !== 'moderator') return 'errors.noAccess';
  const [post] = await db
    .select({ state: posts.state, authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, id.data));
  if (!post || !maySeePost(viewer, post)) return 'errors.postNotFound';
  return null;
}

/**
 * The `post:watch` and `post:unwatch` listeners, made once and shared by every socket: Socket.IO
 * calls a listener with the socket as `this`, and what a socket must remember between calls is in
 * its `data` (`watchedPostId`, `watchSeq`). A listener made per socket would keep its closures and
 * their scope for the socket's life (memory per socket, docs/performance.md).
 */
export function postWatchListeners(db: Db, onError: (err: unknown) => void) {
  const leave = (socket: LiveServerSocket) => {
    const current = socket.data.watchedPostId;
    if (current) void socket.leave(rooms.post(current));
    socket.data.watchedPostId = undefined;
  };

  function watch(this: LiveServerSocket, postId: string, ack: (result: WatchResult) => void) {
    const answer = (result: WatchResult) => {
      if (typeof ack === 'function') ack(result);
    };
    // A watch answered after a later watch or unwatch was sent is dropped (the last one wins).
    const mine = (this.data.watchSeq = (this.data.watchSeq ?? 0) + 1);
    watchRefusal(db, this.data.userId, postId)
      .then(async (refusal) => {
        if (mine !== this.data.watchSeq) return answer({ ok: false, error: 'errors.superseded' });
        if (refusal) return answer({ ok: false, error: refusal });
        leave(this);
        this.data.watchedPostId = postId;
        await this.join(rooms.post(postId));
        answer({ ok: true });
      })
      .catch((err: unknown) => {
        onError(err);
        answer({ ok: false, error: 'errors.server' });
      });
  }

  function unwatch(this: LiveServerSocket, postId: string) {
    this.data.watchSeq = (this.data.watchSeq ?? 0) + 1;
    if (postId === this.data.watchedPostId) leave(this);
  }

  return { watch, unwatch };
}
