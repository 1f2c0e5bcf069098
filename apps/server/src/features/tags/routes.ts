/** Tags: the handlers of `routes.tags` (packages/shared/src/routes/tags.ts). */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import { answerShared } from '../../lib/http-cache.ts';
import { registerRoute } from '../../lib/routes.ts';
import { presentTag } from './presenter.ts';
import { createTag, deleteTag, listTags, updateTag } from './service.ts';

export function tagRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  // The same for every member: from the node's payload cache, with an ETag (304 when unchanged).
  registerRoute(app, routes.tags.list, ({ request, reply }) =>
    answerShared(request, reply, app.payloads, 'tags', async () =>
      (await listTags(db)).map(presentTag),
    ),
  );
  registerRoute(app, routes.tags.create, async ({ body, viewer }) =>
    presentTag(await createTag(db, viewer.user, body)),
  );
  registerRoute(app, routes.tags.update, async ({ params, body, viewer }) =>
    presentTag(await updateTag(db, params.id, body, viewer.user.id)),
  );
  registerRoute(app, routes.tags.remove, ({ params, viewer }) =>
    deleteTag(db, params.id, viewer.user.id),
  );
  done();
}
