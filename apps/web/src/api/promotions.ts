/**
 * Promotion requests: the creator's own (latest, with the types they may ask for) and the
 * moderators' pending list. A decision changes the creator's roles, so profiles refresh too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromotionRequestInput, routes } from '@atelier/shared';
import { call } from './client.ts';
import { modLogKeys } from './modLog.ts';
import { profileKeys } from './profiles.ts';

export const promotionKeys = {
  all: ['promotions'] as const,
  mine: ['promotions', 'mine'] as const,
  pending: ['promotions', 'pending'] as const,
};

export function useMyPromotion(enabled = true) {
  return useQuery({
    queryKey: promotionKeys.mine,
    queryFn: ({ signal }) =>
      call<typeof routes.promotions.mine>('GET /api/promotion-requests/mine', { signal }),
    enabled,
  });
}

export function useRequestPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionRequestInput) =>
      call<typeof routes.promotions.request>('POST /api/promotion-requests', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

export function usePendingPromotions() {
  return useQuery({
    queryKey: promotionKeys.pending,
    queryFn: ({ signal }) =>
      call<typeof routes.promotions.pending>('GET /api/promotion-requests', { signal }),
  });
}

export function useDecidePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      note,
    }: {
      id: string;
      decision: 'approve' | 'decline';
      note: string;
    }) =>
      decision === 'approve'
        ? call<typeof routes.promotions.approve>('POST /api/promotion-requests/:id/approve', {
            params: { id },
            body: { note },
          })
        : call<typeof routes.promotions.decline>('POST /api/promotion-requests/:id/decline', {
            params: { id },
            body: { note },
          }),
    onSuccess: async (request) => {
      await queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      await queryClient.invalidateQueries({ queryKey: profileKeys.profile(request.user.id) });
      await queryClient.invalidateQueries({ queryKey: modLogKeys.all });
    },
  });
}
