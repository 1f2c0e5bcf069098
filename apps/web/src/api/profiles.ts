/** Public profiles (GET /api/users/:id) and a user's posts, newest first. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Page, PostSummary, UserProfile } from '@atelier/shared';
import { api } from './client.ts';
import { withCursor } from './comments.ts';

export const profileKeys = {
  all: ['profile'] as const,
  profile: (id: string) => ['profile', id] as const,
  posts: (id: string) => ['profile', id, 'posts'] as const,
};

export function useProfile(id: string) {
  return useQuery({
    queryKey: profileKeys.profile(id),
    queryFn: ({ signal }) => api.get<UserProfile>(`/api/users/${encodeURIComponent(id)}`, signal),
  });
}

export function useUserPosts(id: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: profileKeys.posts(id),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<PostSummary>>(
        withCursor(`/api/users/${encodeURIComponent(id)}/posts`, pageParam),
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
