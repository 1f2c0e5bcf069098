/**
 * Status updates and their replies (users with access):
 * GET|POST /api/status-updates, PATCH|DELETE /api/status-updates/:id,
 * GET|POST /api/status-updates/:id/replies, PATCH|DELETE /api/status-replies/:id,
 * PUT|DELETE /api/status-updates/:id/like and /api/status-replies/:id/like.
 */
import type { FastifyInstance } from 'fastify';
import { statusReplySchema, statusUpdateSchema, statusUpdatesQuerySchema } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { limitPerUser } from '../../lib/rate-limit.ts';
import { idParam } from '../comments/routes.ts';
import { setLike } from '../likes/service.ts';
import {
  listStatusReplies,
  listStatusUpdates,
  loadStatusReply,
  loadStatusUpdate,
} from './queries.ts';
import {
  createStatusReply,
  createStatusUpdate,
  deleteStatusReply,
  deleteStatusUpdate,
  statusNotFound,
  statusReplyNotFound,
  updateStatusReply,
  updateStatusUpdate,
} from './service.ts';

export function statusUpdateRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const member = requireAccess('member');

  const readStatus = async (id: string, viewerId: string) => {
    const status = await loadStatusUpdate(db, id, viewerId);
    if (!status) throw statusNotFound();
    return status;
  };
  const readReply = async (id: string, viewerId: string) => {
    const reply = await loadStatusReply(db, id, viewerId);
    if (!reply) throw statusReplyNotFound();
    return reply;
  };

  app.get('/api/status-updates', { preHandler: member }, async (request) => {
    const query = statusUpdatesQuerySchema.parse(request.query);
    return listStatusUpdates(db, viewerOf(request).user.id, {
      cursor: query.cursor,
      limit: query.limit,
      authorId: query.author,
    });
  });

  app.post(
    '/api/status-updates',
    { preHandler: [member, limitPerUser('status')] },
    async (request, reply) => {
      const input = statusUpdateSchema.parse(request.body);
      const viewer = viewerOf(request).user;
      const id = await createStatusUpdate(db, viewer, input);
      return reply.status(201).send(await readStatus(id, viewer.id));
    },
  );

  app.patch(
    '/api/status-updates/:id',
    { preHandler: [member, limitPerUser('edit')] },
    async (request) => {
      const id = idParam(request.params, statusNotFound);
      const input = statusUpdateSchema.parse(request.body);
      const viewer = viewerOf(request).user;
      await updateStatusUpdate(db, viewer, id, input);
      return readStatus(id, viewer.id);
    },
  );

  app.delete('/api/status-updates/:id', { preHandler: member }, async (request, reply) => {
    await deleteStatusUpdate(db, viewerOf(request).user, idParam(request.params, statusNotFound));
    return reply.status(204).send();
  });

  app.get('/api/status-updates/:id/replies', { preHandler: member }, async (request) => {
    const id = idParam(request.params, statusNotFound);
    const viewer = viewerOf(request).user;
    const replies = await listStatusReplies(db, id, viewer.id);
    if (replies.length === 0) await readStatus(id, viewer.id);
    return replies;
  });

  app.post(
    '/api/status-updates/:id/replies',
    { preHandler: [member, limitPerUser('status')] },
    async (request, reply) => {
      const statusId = idParam(request.params, statusNotFound);
      const input = statusReplySchema.parse(request.body);
      const viewer = viewerOf(request).user;
      const id = await createStatusReply(db, viewer, statusId, input);
      return reply.status(201).send(await readReply(id, viewer.id));
    },
  );

  app.patch(
    '/api/status-replies/:id',
    { preHandler: [member, limitPerUser('edit')] },
    async (request) => {
      const id = idParam(request.params, statusReplyNotFound);
      const input = statusUpdateSchema.parse(request.body);
      const viewer = viewerOf(request).user;
      await updateStatusReply(db, viewer, id, input);
      return readReply(id, viewer.id);
    },
  );

  app.delete('/api/status-replies/:id', { preHandler: member }, async (request, reply) => {
    await deleteStatusReply(
      db,
      viewerOf(request).user,
      idParam(request.params, statusReplyNotFound),
    );
    return reply.status(204).send();
  });

  for (const liked of [true, false]) {
    const method = liked ? 'put' : 'delete';
    app[method](
      '/api/status-updates/:id/like',
      { preHandler: [member, limitPerUser('like')] },
      async (request) =>
        setLike(
          db,
          'statusUpdate',
          idParam(request.params, statusNotFound),
          viewerOf(request).user.id,
          liked,
        ),
    );
    app[method](
      '/api/status-replies/:id/like',
      { preHandler: [member, limitPerUser('like')] },
      async (request) =>
        setLike(
          db,
          'statusReply',
          // The like service answers errors.statusUpdateNotFound for replies too: the same here.
          idParam(request.params, statusNotFound),
          viewerOf(request).user.id,
          liked,
        ),
    );
  }
  done();
}
