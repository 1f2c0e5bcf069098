/** Every feature's routes under /api. Each route declares its access level (auth/access.ts). */
import type { FastifyInstance } from 'fastify';
import { applicationRoutes } from './applications/routes.ts';
import { clientErrorRoutes } from './client-errors/routes.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { sectionRoutes } from './sections/routes.ts';
import { userRoutes } from './users/routes.ts';
import { visitorRoutes } from './visitors/routes.ts';

export async function featureRoutes(app: FastifyInstance) {
  await app.register(userRoutes);
  await app.register(applicationRoutes);
  await app.register(moderationRoutes);
  await app.register(sectionRoutes);
  await app.register(visitorRoutes);
  await app.register(clientErrorRoutes);
}
