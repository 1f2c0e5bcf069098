/** Posts: the handlers of `routes.posts` (packages/shared/src/routes/posts.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { answerLiked } from '../../lib/http-cache.ts';
import { andThen } from '../../lib/payload-cache.ts';
import { registerRoute } from '../../lib/routes.ts';
import { mediaStoreFor } from '../../lib/storage/index.ts';
import { removeMediaFiles } from '../media/storage.ts';
import { loadPostHistory } from './history.ts';
import { postFor, presentSharedPost, readPost } from './queries.ts';
import { createPost, deletePost, postNotFound, recordView, updatePost } from './service.ts';

export function postRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const { database, config } = app.deps;
  const db = database.db;
  const media = mediaStoreFor(config);

  registerRoute(app, routes.posts.create, async ({ body, viewer }) =>
    readPost(db, await createPost(db, viewer.user, body), viewer.user),
  );
  // The shared part from the node's payload cache, presented and serialised once, the viewer's
  // like spliced in (queries.ts); after a write (create, update) the post is read from the database.
  registerRoute(app, routes.posts.get, ({ params, viewer, reply }) =>
    answerLiked(
      reply,
      andThen(postFor(db, app.payloads, params.id, viewer.user), (view) => {
        if (!view) throw postNotFound();
        return view;
      }),
      { name: 'posts.get', present: presentSharedPost },
    ),
  );
  registerRoute(app, routes.posts.update, async ({ params, body, viewer }) => {
    await removeMediaFiles(media, await updatePost(db, viewer.user, params.id, body));
    return readPost(db, params.id, viewer.user);
  });
  registerRoute(app, routes.posts.remove, async ({ params, viewer }) => {
    await removeMediaFiles(media, await deletePost(db, viewer.user, params.id));
  });
  registerRoute(app, routes.posts.view, async ({ params, viewer }) => ({
    viewCount: await recordView(db, viewer.user, params.id),
  }));
  registerRoute(app, routes.posts.versions, ({ params, viewer }) =>
    loadPostHistory(db, viewer.user, params.id),
  );
  done();
}
