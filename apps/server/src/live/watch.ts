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

export function handlePostWatch(socket: LiveServerSocket, db: Db, onError: (err: unknown) => void) {
  // A watch answered after a later watch or unwatch was sent is dropped (the last one wins).
  let latest = 0;
  const leave = () => {
    const current = socket.data.watchedPostId;
    if (current) void socket.leave(rooms.post(current));
    socket.data.watchedPostId = undefined;
  };

  socket.on('post:watch', (postId, ack) => {
    const answer = (result: WatchResult) => {
      if (typeof ack === 'function') ack(result);
    };
    const mine = ++latest;
    watchRefusal(db, socket.data.userId, postId)
      .then(async (refusal) => {
        if (mine !== latest) return answer({ ok: false, error: 'errors.superseded' });
        if (refusal) return answer({ ok: false, error: refusal });
        leave();
        socket.data.watchedPostId = postId;
        await socket.join(rooms.post(postId));
        answer({ ok: true });
      })
      .catch((err: unknown) => {
        onError(err);
        answer({ ok: false, error: 'errors.server' });
      });
  });

  socket.on('post:unwatch', (postId) => {
    latest++;
    if (postId === socket.data.watchedPostId) leave();
  });
}
