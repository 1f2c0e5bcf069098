/**
 * Promotion requests: POST /api/promotion-requests and GET /api/promotion-requests/mine (members:
 * only probation creators may ask); GET /api/promotion-requests and
 * POST /api/promotion-requests/:id/approve|decline (moderators).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  approvePromotionSchema,
  declinePromotionSchema,
  probationTypesOf,
  promotionRequestSchema,
  type MyPromotion,
  type PromotionRequest,
} from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import {
  decidePromotion,
  myLatestRequest,
  pendingRequests,
  promotionNotFound,
  requestPromotion,
} from './service.ts';

function requestId(params: unknown): string {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw promotionNotFound();
  return parsed.data.id;
}

export function promotionRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const db = app.deps.database.db;
  const member = requireAccess('member');
  const moderator = requireAccess('moderator');

  app.post('/api/promotion-requests', { preHandler: member }, async (request, reply) => {
    const input = promotionRequestSchema.parse(request.body);
    return reply.status(201).send(await requestPromotion(db, viewerOf(request).user.id, input));
  });

  app.get(
    '/api/promotion-requests/mine',
    { preHandler: member },
    async (request): Promise<MyPromotion> => {
      const viewer = viewerOf(request).user;
      return {
        request: await myLatestRequest(db, viewer.id),
        probationTypes: probationTypesOf(viewer.roles),
      };
    },
  );

  app.get(
    '/api/promotion-requests',
    { preHandler: moderator },
    async (): Promise<PromotionRequest[]> => pendingRequests(db),
  );

  app.post('/api/promotion-requests/:id/approve', { preHandler: moderator }, async (request) => {
    const id = requestId(request.params);
    const { note } = approvePromotionSchema.parse(request.body ?? {});
    return decidePromotion(db, id, viewerOf(request).user.id, { kind: 'approve', note });
  });

  app.post('/api/promotion-requests/:id/decline', { preHandler: moderator }, async (request) => {
    const id = requestId(request.params);
    const { note } = declinePromotionSchema.parse(request.body);
    return decidePromotion(db, id, viewerOf(request).user.id, { kind: 'decline', note });
  });
  done();
}
