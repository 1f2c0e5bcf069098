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
import type {
  Page,
  StatusReply,
  StatusReplyInput,
  StatusUpdate,
  StatusUpdateInput,
} from '@atelier/shared';
import { api } from './client.ts';
import { withCursor } from './comments.ts';

export const statusKeys = {
  all: ['statusUpdates'] as const,
  list: (author: string | null) => ['statusUpdates', 'list', author] as const,
  replies: (id: string) => ['statusUpdates', 'replies', id] as const,
  lists: ['statusUpdates', 'list'] as const,
};

/** W1's home query key (api/home.ts). */
export const homeKey = ['home'] as const;

const enc = encodeURIComponent;

export function useStatusUpdates(author: string | null = null) {
  return useInfiniteQuery({
    queryKey: statusKeys.list(author),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<StatusUpdate>>(
        withCursor('/api/status-updates', pageParam, { author: author ?? undefined }),
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useStatusReplies(id: string, enabled: boolean) {
  return useQuery({
    queryKey: statusKeys.replies(id),
    queryFn: ({ signal }) =>
      api.get<StatusReply[]>(`/api/status-updates/${enc(id)}/replies`, signal),
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
    mutationFn: (input: StatusUpdateInput) => api.post<StatusUpdate>('/api/status-updates', input),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateStatusUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      api.patch<StatusUpdate>(`/api/status-updates/${enc(id)}`, { content }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteStatusUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/api/status-updates/${enc(id)}`),
    onSuccess: () => refresh(queryClient),
  });
}

export function useCreateStatusReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parentId, input }: { parentId: string; input: StatusReplyInput }) =>
      api.post<StatusReply>(`/api/status-updates/${enc(parentId)}/replies`, input),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateStatusReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      api.patch<StatusReply>(`/api/status-replies/${enc(id)}`, { content }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteStatusReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/api/status-replies/${enc(id)}`),
    onSuccess: () => refresh(queryClient),
  });
}
