/**
 * Comments of a post (oldest first, replies included) and their replies. Every change refetches
 * the post's comments and the post itself (its comment count).
 * Live: on a post's page the socket watches that post; `post:changed` invalidates exactly the
 * post and/or its comments (see `onPostChanged`).
 */
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { CommentInput, CommentReplyInput, PostChange, routes } from '@atelier/shared';
import { call } from './client.ts';
import { postKeys } from './posts.ts';

export const commentKeys = {
  all: ['comments'] as const,
  ofPost: (postId: string) => ['comments', postId] as const,
};

/** Every post query (api/posts.ts: the post itself under ['posts', 'detail', id], and the lists). */
const postsKey = ['posts'] as const;

export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.ofPost(postId),
    queryFn: ({ pageParam, signal }) =>
      call<typeof routes.comments.list>('GET /api/posts/:id/comments', {
        params: { id: postId },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * `post:changed` for the watched post: the post (text, counts) is refetched, and the section
 * lists holding its card are marked stale (refetched when next shown); the comments (with their
 * replies and like counts) are refetched.
 */
export function onPostChanged(queryClient: QueryClient, change: PostChange) {
  const work: Promise<void>[] = [];
  if (change.post) {
    work.push(queryClient.invalidateQueries({ queryKey: postKeys.detail(change.postId) }));
    work.push(queryClient.invalidateQueries({ queryKey: postKeys.lists, refetchType: 'none' }));
  }
  if (change.comments) {
    work.push(queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(change.postId) }));
  }
  return Promise.all(work);
}

function refresh(queryClient: QueryClient, postId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) }),
    // The post's comment count, on its page and on the cards of every list.
    queryClient.invalidateQueries({ queryKey: postsKey }),
  ]);
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInput) =>
      call<typeof routes.comments.create>('POST /api/posts/:id/comments', {
        params: { id: postId },
        body: input,
      }),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useUpdateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      call<typeof routes.comments.update>('PATCH /api/comments/:id', {
        params: { id },
        body: { body },
      }),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof routes.comments.remove>('DELETE /api/comments/:id', { params: { id } }),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useCreateCommentReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, input }: { commentId: string; input: CommentReplyInput }) =>
      call<typeof routes.comments.createReply>('POST /api/comments/:id/replies', {
        params: { id: commentId },
        body: input,
      }),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useUpdateCommentReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      call<typeof routes.comments.updateReply>('PATCH /api/comment-replies/:id', {
        params: { id },
        body: { body },
      }),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useDeleteCommentReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof routes.comments.removeReply>('DELETE /api/comment-replies/:id', {
        params: { id },
      }),
    onSuccess: () => refresh(queryClient, postId),
  });
}
