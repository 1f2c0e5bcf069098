/** Public profiles (GET /api/users/:id) and a user's posts, newest first. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { routes } from '@atelier/shared';
import { call } from './client.ts';

export const profileKeys = {
  all: ['profile'] as const,
  profile: (id: string) => ['profile', id] as const,
  posts: (id: string) => ['profile', id, 'posts'] as const,
};

export function useProfile(id: string) {
  return useQuery({
    queryKey: profileKeys.profile(id),
    queryFn: ({ signal }) =>
      call<typeof routes.profiles.get>('GET /api/users/:id', { params: { id }, signal }),
  });
}

export function useUserPosts(id: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: profileKeys.posts(id),
    queryFn: ({ pageParam, signal }) =>
      call<typeof routes.profiles.posts>('GET /api/users/:id/posts', {
        params: { id },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
