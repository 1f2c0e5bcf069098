/**
 * Promotion requests: the creator's own (latest, with the types they may ask for) and the
 * moderators' pending list. A decision changes the creator's roles, so profiles refresh too.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PromotionRequestInput } from '@atelier/shared';
import { call } from './client.ts';
import { modLogKeys } from './modLog.ts';
import { profileKeys } from './profiles.ts';
import { invalidate, routeQuery, useRouteMutation } from './route.ts';

export const promotionKeys = {
  all: ['promotions'] as const,
  mine: ['promotions', 'mine'] as const,
  pending: ['promotions', 'pending'] as const,
};

export function useMyPromotion(enabled = true) {
  return useQuery({
    ...routeQuery(promotionKeys.mine, 'GET /api/promotion-requests/mine'),
    enabled,
  });
}

export function useRequestPromotion() {
  return useRouteMutation(
    'POST /api/promotion-requests',
    (input: PromotionRequestInput) => ({ body: input }),
    { invalidates: [promotionKeys.all] },
  );
}

export function usePendingPromotions() {
  return useQuery(routeQuery(promotionKeys.pending, 'GET /api/promotion-requests'));
}

export function useDecidePromotion() {
  return useMutation({
    mutationFn: ({
      id,
      decision,
      note,
    }: {
      id: string;
      decision: 'approve' | 'decline';
      note: string;
    }) => call(`POST /api/promotion-requests/:id/${decision}`, { params: { id }, body: { note } }),
    onSuccess: (request, _variables, _result, { client }) =>
      invalidate(client, [promotionKeys.all, profileKeys.profile(request.user.id), modLogKeys.all]),
  });
}
