/**
 * Status updates (newest first, optionally by one author) and their replies (oldest first).
 * Every change refetches the status-update lists, the open replies and the home page.
 * Live: `statusUpdates:changed { statusId }` invalidates every list and that one's replies (the
 * home page has its own `home:changed`).
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { StatusReplyInput, StatusUpdateInput, routes } from '@atelier/shared';
import { call } from './client.ts';

export const statusKeys = {
  all: ['statusUpdates'] as const,
  list: (author: string | null) => ['statusUpdates', 'list', author] as const,
  replies: (id: string) => ['statusUpdates', 'replies', id] as const,
  lists: ['statusUpdates', 'list'] as const,
};

/** W1's home query key (api/home.ts). */
export const homeKey = ['home'] as const;

export function useStatusUpdates(author: string | null = null) {
  return useInfiniteQuery({
    queryKey: statusKeys.list(author),
    queryFn: ({ pageParam, signal }) =>
      call<typeof routes.statusUpdates.list>('GET /api/status-updates', {
        query: { cursor: pageParam ?? undefined, author: author ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useStatusReplies(id: string, enabled: boolean) {
  return useQuery({
    queryKey: statusKeys.replies(id),
    queryFn: ({ signal }) =>
      call<typeof routes.statusUpdates.replies>('GET /api/status-updates/:id/replies', {
        params: { id },
        signal,
      }),
    enabled,
  });
}

/** `statusUpdates:changed`: a status update or a reply under `statusId` changed. */
export function onStatusUpdatesChanged(queryClient: QueryClient, change: { statusId: string }) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: statusKeys.lists }),
    queryClient.invalidateQueries({ queryKey: statusKeys.replies(change.statusId) }),
  ]);
}

function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: statusKeys.all }),
    queryClient.invalidateQueries({ queryKey: homeKey }),
  ]);
}

export function useCreateStatusUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatusUpdateInput) =>
      call<typeof routes.statusUpdates.create>('POST /api/status-updates', { body: input }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateStatusUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      call<typeof routes.statusUpdates.update>('PATCH /api/status-updates/:id', {
        params: { id },
        body: { content },
      }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteStatusUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof routes.statusUpdates.remove>('DELETE /api/status-updates/:id', {
        params: { id },
      }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useCreateStatusReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parentId, input }: { parentId: string; input: StatusReplyInput }) =>
      call<typeof routes.statusUpdates.createReply>('POST /api/status-updates/:id/replies', {
        params: { id: parentId },
        body: input,
      }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateStatusReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      call<typeof routes.statusUpdates.updateReply>('PATCH /api/status-replies/:id', {
        params: { id },
        body: { content },
      }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteStatusReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof routes.statusUpdates.removeReply>('DELETE /api/status-replies/:id', {
        params: { id },
      }),
    onSuccess: () => refresh(queryClient),
  });
}
