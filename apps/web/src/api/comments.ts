/**
 * Comments of a post (oldest first, replies included) and their replies. Every change refetches
 * the post's comments and the post itself (its comment count).
 * Live: on a post's page the socket watches that post; `post:changed` invalidates exactly the
 * post and/or its comments (see `onPostChanged`).
 */
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { CommentInput, CommentReplyInput, PostChange } from '@atelier/shared';
import { postKeys } from './posts.ts';
import { byId, routePages, useRouteMutation } from './route.ts';

export const commentKeys = {
  all: ['comments'] as const,
  ofPost: (postId: string) => ['comments', postId] as const,
};

/** Every post query (api/posts.ts: the post itself under ['posts', 'detail', id], and the lists). */
const postsKey = ['posts'] as const;

const commentPages = (postId: string) =>
  routePages(commentKeys.ofPost(postId), 'GET /api/posts/:id/comments', (cursor) => ({
    params: { id: postId },
    query: { cursor },
  }));

export function useComments(postId: string) {
  return useInfiniteQuery(commentPages(postId));
}

/**
 * Asks for a post's first page of comments alongside the post, instead of once the post has
 * rendered (`CommentsSection` then finds them loaded or on their way).
 */
export function prefetchComments(queryClient: QueryClient, postId: string): void {
  // A failure is the section's to show when it asks in turn.
  queryClient.infiniteQuery(commentPages(postId)).catch(() => undefined);
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

/** What every change refetches: the post's comments, and its comment count on its page and on
 * the cards of every list. */
const changed = (postId: string) => ({ invalidates: [commentKeys.ofPost(postId), postsKey] });

/** The input of an edit of a comment or a reply. */
const edit = ({ id, body }: { id: string; body: string }) => ({ params: { id }, body: { body } });

export function useCreateComment(postId: string) {
  return useRouteMutation(
    'POST /api/posts/:id/comments',
    (input: CommentInput) => ({ params: { id: postId }, body: input }),
    changed(postId),
  );
}

export function useUpdateComment(postId: string) {
  return useRouteMutation('PATCH /api/comments/:id', edit, changed(postId));
}

export function useDeleteComment(postId: string) {
  return useRouteMutation('DELETE /api/comments/:id', byId, changed(postId));
}

export function useCreateCommentReply(postId: string) {
  return useRouteMutation(
    'POST /api/comments/:id/replies',
    ({ commentId, input }: { commentId: string; input: CommentReplyInput }) => ({
      params: { id: commentId },
      body: input,
    }),
    changed(postId),
  );
}

export function useUpdateCommentReply(postId: string) {
  return useRouteMutation('PATCH /api/comment-replies/:id', edit, changed(postId));
}

export function useDeleteCommentReply(postId: string) {
  return useRouteMutation('DELETE /api/comment-replies/:id', byId, changed(postId));
}
