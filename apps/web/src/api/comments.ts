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
import type {
  Comment,
  CommentInput,
  CommentReply,
  CommentReplyInput,
  Page,
  PostChange,
} from '@atelier/shared';
import { api } from './client.ts';
import { postKeys } from './posts.ts';

export const commentKeys = {
  all: ['comments'] as const,
  ofPost: (postId: string) => ['comments', postId] as const,
};

/** Every post query (api/posts.ts: the post itself under ['posts', 'detail', id], and the lists). */
const postsKey = ['posts'] as const;

/** A path with a `cursor` query parameter when there is one. */
export function withCursor(
  path: string,
  cursor: string | null | undefined,
  params: Record<string, string | undefined> = {},
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  if (cursor) query.set('cursor', cursor);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.ofPost(postId),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Comment>>(
        withCursor(`/api/posts/${encodeURIComponent(postId)}/comments`, pageParam),
        signal,
      ),
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

const enc = encodeURIComponent;

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInput) =>
      api.post<Comment>(`/api/posts/${enc(postId)}/comments`, input),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useUpdateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      api.patch<Comment>(`/api/comments/${enc(id)}`, { body }),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/api/comments/${enc(id)}`),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useCreateCommentReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, input }: { commentId: string; input: CommentReplyInput }) =>
      api.post<CommentReply>(`/api/comments/${enc(commentId)}/replies`, input),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useUpdateCommentReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      api.patch<CommentReply>(`/api/comment-replies/${enc(id)}`, { body }),
    onSuccess: () => refresh(queryClient, postId),
  });
}

export function useDeleteCommentReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/api/comment-replies/${enc(id)}`),
    onSuccess: () => refresh(queryClient, postId),
  });
}
