/**
 * GET /api/tags → Tag[] (users with access); POST /api/tags (advanced creators and moderators);
 * PATCH /api/tags/:id, DELETE /api/tags/:id (moderators).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tagSchema, updateTagSchema } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { presentTag } from './presenter.ts';
import { createTag, deleteTag, listTags, tagNotFound, updateTag } from './service.ts';

function tagId(params: unknown): string {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw tagNotFound();
  return parsed.data.id;
}

export function tagRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const member = requireAccess('member');
  const moderator = requireAccess('moderator');

  app.get('/api/tags', { preHandler: member }, async () => (await listTags(db)).map(presentTag));

  app.post('/api/tags', { preHandler: member }, async (request, reply) => {
    const input = tagSchema.parse(request.body);
    return reply.status(201).send(presentTag(await createTag(db, viewerOf(request).user, input)));
  });

  app.patch('/api/tags/:id', { preHandler: moderator }, async (request) => {
    const id = tagId(request.params);
    const input = updateTagSchema.parse(request.body ?? {});
    return presentTag(await updateTag(db, id, input, viewerOf(request).user.id));
  });

  app.delete('/api/tags/:id', { preHandler: moderator }, async (request, reply) => {
    await deleteTag(db, tagId(request.params), viewerOf(request).user.id);
    return reply.status(204).send();
  });
  done();
}
