/** Moderator notes: the handlers of `routes.notes` (packages/shared/src/routes/notes.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { registerRoute } from '../../lib/routes.ts';
import { addNote, deleteNote, notesAboutUser } from './service.ts';

export function noteRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  registerRoute(app, routes.notes.list, ({ params }) => notesAboutUser(db, params.id));
  registerRoute(app, routes.notes.create, ({ params, body, viewer }) =>
    addNote(db, viewer.user.id, params.id, body.body),
  );
  registerRoute(app, routes.notes.remove, ({ params, viewer }) =>
    deleteNote(db, viewer.user.id, params.id),
  );
  done();
}
