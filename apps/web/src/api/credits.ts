/**
 * Series and credits (issue 11, item 8). A post's credits view lives under its detail key
 * (`['posts', 'detail', id, 'credits']`), so a `post:changed` push for the post refreshes it too.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateSeriesInput, CreditInput, PostCredits } from '@atelier/shared';
import { call } from './client.ts';
import { postKeys } from './posts.ts';
import { invalidate, routeQuery, useRouteMutation } from './route.ts';

export const creditKeys = {
  ofPost: (postId: string) => [...postKeys.detail(postId), 'credits'] as const,
  series: ['series'] as const,
  mine: ['series', 'mine'] as const,
  one: (id: string) => ['series', 'one', id] as const,
};

export function usePostCredits(postId: string | undefined) {
  return useQuery({
    ...routeQuery(creditKeys.ofPost(postId ?? ''), 'GET /api/posts/:id/credits', {
      params: { id: postId ?? '' },
    }),
    enabled: Boolean(postId),
  });
}

export function useSeries(id: string) {
  return useQuery(routeQuery(creditKeys.one(id), 'GET /api/series/:id', { params: { id } }));
}

export function useMySeries(enabled = true) {
  return useQuery({ ...routeQuery(creditKeys.mine, 'GET /api/series/mine'), enabled });
}

export function useCreateSeries() {
  return useRouteMutation('POST /api/series', (input: CreateSeriesInput) => ({ body: input }), {
    invalidates: [creditKeys.series],
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
    await call('DELETE /api/posts/:id/series', { params: { id: postId } });
  } else if (change.series) {
    await call('PUT /api/posts/:id/series', { params: { id: postId }, body: change.series });
  }
  if (change.credits) {
    await call('PUT /api/posts/:id/credits', {
      params: { id: postId },
      body: { credits: change.credits },
    });
  }
}

export function useSaveRelations() {
  return useMutation({
    mutationFn: ({ postId, change }: { postId: string; change: RelationsChange }) =>
      saveRelations(postId, change),
    onSettled: (_data, _error, _variables, _result, { client }) =>
      invalidate(client, [creditKeys.series]),
    onSuccess: (_data, { postId }, _result, { client }) =>
      invalidate(client, [creditKeys.ofPost(postId)]),
  });
}

export type { PostCredits };
