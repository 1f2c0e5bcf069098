/**
 * Tags: the whole list (the client filters and sorts with `searchTags`) and its moderation.
 * Live: `tags:changed` (the socket's tags room) invalidates the list despite its long staleTime.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { routes, Tag, TagInput } from '@atelier/shared';
import { call } from './client.ts';

export const tagKeys = {
  all: ['tags'] as const,
};

export function useTags() {
  return useQuery({
    queryKey: tagKeys.all,
    queryFn: ({ signal }) => call<typeof routes.tags.list>('GET /api/tags', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `tags:changed`: a tag was created, edited or deleted, or tag post counts moved. */
export function onTagsChanged(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: tagKeys.all });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TagInput) =>
      call<typeof routes.tags.create>('POST /api/tags', { body: input }),
    onSuccess: (tag) => {
      queryClient.setQueryData<Tag[]>(tagKeys.all, (old) => (old ? [...old, tag] : old));
      return queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<TagInput> }) =>
      call<typeof routes.tags.update>('PATCH /api/tags/:id', { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof routes.tags.remove>('DELETE /api/tags/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
