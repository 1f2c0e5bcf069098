/**
 * Posts (users with access): POST /api/posts, GET|PATCH|DELETE /api/posts/:id,
 * GET /api/posts/:id/versions (author and moderators), POST /api/posts/:id/views, PUT|DELETE /api/posts/:id/like.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createPostSchema, updatePostSchema, type Post } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { limitPerUser } from '../../lib/rate-limit.ts';
import { setLike } from '../likes/service.ts';
import { removeMediaFiles } from '../media/storage.ts';
import { mediaStoreFor } from '../../lib/storage/index.ts';
import { loadPostHistory } from './history.ts';
import { findPostRow, loadPost, readPostFor } from './queries.ts';
import { createPost, deletePost, postNotFound, recordView, updatePost } from './service.ts';

function postId(params: unknown): string {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw postNotFound();
  return parsed.data.id;
}

export function postRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const { database, config } = app.deps;
  const db = database.db;
  const member = requireAccess('member');

  const readPost = async (id: string, viewerId: string): Promise<Post> => {
    const row = await findPostRow(db, id);
    if (!row) throw postNotFound();
    return loadPost(db, row, viewerId);
  };

  app.post('/api/posts', { preHandler: [member, limitPerUser('post')] }, async (request, reply) => {
    const input = createPostSchema.parse(request.body);
    const viewer = viewerOf(request).user;
    const id = await createPost(db, viewer, input);
    return reply.status(201).send(await readPost(id, viewer.id));
  });

  app.get('/api/posts/:id', { preHandler: member }, async (request) => {
    // The shared part from the node's payload cache, the viewer's like merged (queries.ts).
    const post = await readPostFor(
      db,
      app.payloads,
      postId(request.params),
      viewerOf(request).user,
    );
    if (!post) throw postNotFound();
    return post;
  });

  app.patch('/api/posts/:id', { preHandler: [member, limitPerUser('edit')] }, async (request) => {
    const id = postId(request.params);
    const input = updatePostSchema.parse(request.body ?? {});
    const viewer = viewerOf(request).user;
    const detached = await updatePost(db, viewer, id, input);
    await removeMediaFiles(mediaStoreFor(config), detached);
    return readPost(id, viewer.id);
  });

  app.get('/api/posts/:id/versions', { preHandler: member }, async (request) => {
    return loadPostHistory(db, viewerOf(request).user, postId(request.params));
  });

  app.delete('/api/posts/:id', { preHandler: member }, async (request, reply) => {
    const files = await deletePost(db, viewerOf(request).user, postId(request.params));
    await removeMediaFiles(mediaStoreFor(config), files);
    return reply.status(204).send();
  });

  app.post('/api/posts/:id/views', { preHandler: member }, async (request) => {
    return { viewCount: await recordView(db, viewerOf(request).user, postId(request.params)) };
  });

  app.put(
    '/api/posts/:id/like',
    { preHandler: [member, limitPerUser('like')] },
    async (request) => {
      return setLike(db, 'post', postId(request.params), viewerOf(request).user.id, true);
    },
  );

  app.delete(
    '/api/posts/:id/like',
    { preHandler: [member, limitPerUser('like')] },
    async (request) => {
      return setLike(db, 'post', postId(request.params), viewerOf(request).user.id, false);
    },
  );
  done();
}
