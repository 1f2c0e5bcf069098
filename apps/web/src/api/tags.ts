/**
 * Tags: the whole list (the client filters and sorts with `searchTags`) and its moderation.
 * Live: `tags:changed` (the socket's tags room) invalidates the list despite its long staleTime.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Tag, TagInput } from '@atelier/shared';
import { byId, routeQuery, useRouteMutation } from './route.ts';

export const tagKeys = {
  all: ['tags'] as const,
};

export function useTags() {
  return useQuery({ ...routeQuery(tagKeys.all, 'GET /api/tags'), staleTime: 5 * 60_000 });
}

/** `tags:changed`: a tag was created, edited or deleted, or tag post counts moved. */
export function onTagsChanged(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: tagKeys.all });
}

export function useCreateTag() {
  return useRouteMutation('POST /api/tags', (input: TagInput) => ({ body: input }), {
    onSuccess: (tag, _input, _result, { client }) => {
      client.setQueryData<Tag[]>(tagKeys.all, (old) => (old ? [...old, tag] : old));
    },
    invalidates: [tagKeys.all],
  });
}

export function useUpdateTag() {
  return useRouteMutation(
    'PATCH /api/tags/:id',
    ({ id, input }: { id: string; input: Partial<TagInput> }) => ({ params: { id }, body: input }),
    { invalidates: [tagKeys.all] },
  );
}

export function useDeleteTag() {
  return useRouteMutation('DELETE /api/tags/:id', byId, {
    invalidates: [tagKeys.all],
  });
}
