/**
 * Promotion requests: the creator's own (latest, with the types they may ask for) and the
 * moderators' pending list. A decision changes the creator's roles, so profiles refresh too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyPromotion, PromotionRequest, PromotionRequestInput } from '@atelier/shared';
import { api } from './client.ts';
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
    queryFn: ({ signal }) => api.get<MyPromotion>('/api/promotion-requests/mine', signal),
    enabled,
  });
}

export function useRequestPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionRequestInput) =>
      api.post<PromotionRequest>('/api/promotion-requests', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

export function usePendingPromotions() {
  return useQuery({
    queryKey: promotionKeys.pending,
    queryFn: ({ signal }) => api.get<PromotionRequest[]>('/api/promotion-requests', signal),
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
      api.post<PromotionRequest>(`/api/promotion-requests/${encodeURIComponent(id)}/${decision}`, {
        note,
      }),
    onSuccess: async (request) => {
      await queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      await queryClient.invalidateQueries({ queryKey: profileKeys.profile(request.user.id) });
      await queryClient.invalidateQueries({ queryKey: modLogKeys.all });
    },
  });
}
