/** Public profiles (GET /api/users/:id) and a user's posts, newest first. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { routePages, routeQuery } from './route.ts';

export const profileKeys = {
  all: ['profile'] as const,
  profile: (id: string) => ['profile', id] as const,
  posts: (id: string) => ['profile', id, 'posts'] as const,
};

export function useProfile(id: string) {
  return useQuery(routeQuery(profileKeys.profile(id), 'GET /api/users/:id', { params: { id } }));
}

export function useUserPosts(id: string, enabled = true) {
  return useInfiniteQuery({
    ...routePages(profileKeys.posts(id), 'GET /api/users/:id/posts', (cursor) => ({
      params: { id },
      query: { cursor },
    })),
    enabled,
  });
}
