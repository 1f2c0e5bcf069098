/** Moderators only: GET|POST /api/users/:id/notes, DELETE /api/notes/:id. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noteSchema, type ModeratorNote } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import { user } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { addNote, deleteNote, noteNotFound, notesAbout } from './service.ts';

function userId(params: unknown): string {
  const parsed = z.object({ id: z.string().min(1).max(100) }).safeParse(params);
  if (!parsed.success) throw notFound('errors.userNotFound');
  return parsed.data.id;
}

export function noteRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const moderator = requireAccess('moderator');

  app.get(
    '/api/users/:id/notes',
    { preHandler: moderator },
    async (request): Promise<ModeratorNote[]> => {
      const id = userId(request.params);
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
      if (!row) throw notFound('errors.userNotFound');
      return notesAbout(db, [id]);
    },
  );

  app.post('/api/users/:id/notes', { preHandler: moderator }, async (request, reply) => {
    const id = userId(request.params);
    const { body } = noteSchema.parse(request.body);
    return reply.status(201).send(await addNote(db, viewerOf(request).user.id, id, body));
  });

  app.delete('/api/notes/:id', { preHandler: moderator }, async (request, reply) => {
    const parsed = z.object({ id: z.uuid() }).safeParse(request.params);
    if (!parsed.success) throw noteNotFound();
    await deleteNote(db, viewerOf(request).user.id, parsed.data.id);
    return reply.status(204).send();
  });
  done();
}
