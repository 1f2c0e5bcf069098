/** Every feature's routes under /api. Each route declares its access level (auth/access.ts). */
import type { FastifyInstance } from 'fastify';
import { applicationRoutes } from './applications/routes.ts';
import { clientErrorRoutes } from './client-errors/routes.ts';
import { commentRoutes } from './comments/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { likeRoutes } from './likes/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { modLogRoutes } from './modlog/routes.ts';
import { noteRoutes } from './notes/routes.ts';
import { ownDataRoutes } from './own-data/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { postRoutes } from './posts/routes.ts';
import { presenceRoutes } from './presence/routes.ts';
import { promotionRoutes } from './promotions/routes.ts';
import { profileRoutes } from './profiles/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { sectionRoutes } from './sections/routes.ts';
import { statusUpdateRoutes } from './status-updates/routes.ts';
import { tagRoutes } from './tags/routes.ts';
import { userRoutes } from './users/routes.ts';
import { visitorRoutes } from './visitors/routes.ts';

export async function featureRoutes(app: FastifyInstance) {
  await app.register(userRoutes);
  await app.register(ownDataRoutes);
  await app.register(applicationRoutes);
  await app.register(moderationRoutes);
  await app.register(noteRoutes);
  await app.register(promotionRoutes);
  await app.register(modLogRoutes);
  await app.register(sectionRoutes);
  await app.register(visitorRoutes);
  await app.register(clientErrorRoutes);
  await app.register(postRoutes);
  await app.register(mediaRoutes);
  await app.register(tagRoutes);
  await app.register(searchRoutes);
  await app.register(commentRoutes);
  await app.register(statusUpdateRoutes);
  await app.register(likeRoutes);
  await app.register(homeRoutes);
  await app.register(profileRoutes);
  await app.register(notificationRoutes);
  await app.register(presenceRoutes);
  await app.register(reportRoutes);
}
