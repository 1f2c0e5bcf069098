/**
 * Series and credits (issue 11, item 8). A post's credits view lives under its detail key
 * (`['posts', 'detail', id, 'credits']`), so a `post:changed` push for the post refreshes it too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSeriesInput, CreditInput, PostCredits, routes } from '@atelier/shared';
import { call } from './client.ts';
import { postKeys } from './posts.ts';

export const creditKeys = {
  ofPost: (postId: string) => [...postKeys.detail(postId), 'credits'] as const,
  series: ['series'] as const,
  mine: ['series', 'mine'] as const,
  one: (id: string) => ['series', 'one', id] as const,
};

export function usePostCredits(postId: string | undefined) {
  return useQuery({
    queryKey: creditKeys.ofPost(postId ?? ''),
    queryFn: ({ signal }) =>
      call<typeof routes.credits.postCredits>('GET /api/posts/:id/credits', {
        params: { id: postId ?? '' },
        signal,
      }),
    enabled: Boolean(postId),
  });
}

export function useSeries(id: string) {
  return useQuery({
    queryKey: creditKeys.one(id),
    queryFn: ({ signal }) =>
      call<typeof routes.credits.getSeries>('GET /api/series/:id', { params: { id }, signal }),
  });
}

export function useMySeries(enabled = true) {
  return useQuery({
    queryKey: creditKeys.mine,
    queryFn: ({ signal }) =>
      call<typeof routes.credits.mySeries>('GET /api/series/mine', { signal }),
    enabled,
  });
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSeriesInput) =>
      call<typeof routes.credits.createSeries>('POST /api/series', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.series }),
  });
}

/** What the editor changes about a post's series and credits, saved after the post itself. */
export interface RelationsChange {
  /** undefined: unchanged; null: out of any series. */
  series?: { seriesId: string; position?: number } | null;
  /** undefined: unchanged. */
  credits?: CreditInput[];
}

export async function saveRelations(postId: string, change: RelationsChange): Promise<void> {
  if (change.series === null) {
    await call<typeof routes.credits.removeFromSeries>('DELETE /api/posts/:id/series', {
      params: { id: postId },
    });
  } else if (change.series) {
    await call<typeof routes.credits.placeInSeries>('PUT /api/posts/:id/series', {
      params: { id: postId },
      body: change.series,
    });
  }
  if (change.credits) {
    await call<typeof routes.credits.setCredits>('PUT /api/posts/:id/credits', {
      params: { id: postId },
      body: { credits: change.credits },
    });
  }
}

export function useSaveRelations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, change }: { postId: string; change: RelationsChange }) =>
      saveRelations(postId, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.series }),
    onSuccess: (_data, { postId }) =>
      queryClient.invalidateQueries({ queryKey: creditKeys.ofPost(postId) }),
  });
}

export type { PostCredits };
