/**
 * Status updates (newest first, optionally by one author) and their replies (oldest first).
 * Every change refetches the status-update lists, the open replies and the home page.
 * Live: `statusUpdates:changed { statusId }` invalidates every list and that one's replies (the
 * home page has its own `home:changed`).
 */
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StatusReplyInput, StatusUpdateInput } from '@atelier/shared';
import { byId, routePages, routeQuery, useRouteMutation } from './route.ts';

export const statusKeys = {
  all: ['statusUpdates'] as const,
  list: (author: string | null) => ['statusUpdates', 'list', author] as const,
  replies: (id: string) => ['statusUpdates', 'replies', id] as const,
  lists: ['statusUpdates', 'list'] as const,
};

/** W1's home query key (api/home.ts). */
export const homeKey = ['home'] as const;

export function useStatusUpdates(author: string | null = null) {
  return useInfiniteQuery(
    routePages(statusKeys.list(author), 'GET /api/status-updates', (cursor) => ({
      query: { cursor, author: author ?? undefined },
    })),
  );
}

export function useStatusReplies(id: string, enabled: boolean) {
  return useQuery({
    ...routeQuery(statusKeys.replies(id), 'GET /api/status-updates/:id/replies', {
      params: { id },
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

/** What every change refetches: the status-update lists, the open replies and the home page. */
const changed = { invalidates: [statusKeys.all, homeKey] };

/** The input of an edit of a status update or a reply. */
const edit = ({ id, content }: { id: string; content: string }) => ({
  params: { id },
  body: { content },
});

export function useCreateStatusUpdate() {
  return useRouteMutation(
    'POST /api/status-updates',
    (input: StatusUpdateInput) => ({ body: input }),
    changed,
  );
}

export function useUpdateStatusUpdate() {
  return useRouteMutation('PATCH /api/status-updates/:id', edit, changed);
}

export function useDeleteStatusUpdate() {
  return useRouteMutation('DELETE /api/status-updates/:id', byId, changed);
}

export function useCreateStatusReply() {
  return useRouteMutation(
    'POST /api/status-updates/:id/replies',
    ({ parentId, input }: { parentId: string; input: StatusReplyInput }) => ({
      params: { id: parentId },
      body: input,
    }),
    changed,
  );
}

export function useUpdateStatusReply() {
  return useRouteMutation('PATCH /api/status-replies/:id', edit, changed);
}

export function useDeleteStatusReply() {
  return useRouteMutation('DELETE /api/status-replies/:id', byId, changed);
}
