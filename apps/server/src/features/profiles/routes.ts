/**
 * Profiles (users with access): GET /api/users/:id (UserProfile) and GET /api/users/:id/posts
 * (their published posts, newest first). Users without access other than banned ones (pending,
 * rejected) are 404 for everyone but moderators.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cursorQuerySchema, hasAccess, isBanned, isModerator, pageSize } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { user, type UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { listPostSummaries } from '../posts/queries.ts';
import { presentUserProfile } from './presenter.ts';

const userIdOf = (params: unknown): string => {
  const id = (params as { id?: unknown }).id;
  return typeof id === 'string' ? id : '';
};

/** The user if the viewer may open their profile; 404 errors.userNotFound otherwise. */
async function visibleUser(db: Db, id: string, viewer: UserRow): Promise<UserRow> {
  const [row] = id.length <= 100 ? await db.select().from(user).where(eq(user.id, id)) : [];
  if (!row) throw notFound('errors.userNotFound');
  const listed = hasAccess(row.roles) || isBanned(row.roles);
  if (!listed && !isModerator(viewer.roles) && row.id !== viewer.id) {
    throw notFound('errors.userNotFound');
  }
  return row;
}

export function profileRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const member = requireAccess('member');

  app.get('/api/users/:id', { preHandler: member }, async (request) => {
    const viewer = viewerOf(request).user;
    return presentUserProfile(await visibleUser(db, userIdOf(request.params), viewer), viewer);
  });

  app.get('/api/users/:id/posts', { preHandler: member }, async (request) => {
    const query = cursorQuerySchema.parse(request.query);
    const viewer = viewerOf(request).user;
    const row = await visibleUser(db, userIdOf(request.params), viewer);
    return listPostSummaries(
      db,
      { sort: 'new', authorId: row.id, cursor: query.cursor, limit: query.limit ?? pageSize.posts },
      viewer.id,
    );
  });
  done();
}
