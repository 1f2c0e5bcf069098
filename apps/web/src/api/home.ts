/**
 * GET /api/home: the sections map (with each one's last post), site stats and recent status updates.
 * Live: `home:changed` (the socket's home room) invalidates it, so an open home page refetches.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { routes } from '@atelier/shared';
import { call } from './client.ts';

export const homeKeys = {
  home: ['home'] as const,
};

export function useHome() {
  return useQuery({
    queryKey: homeKeys.home,
    queryFn: ({ signal }) => call<typeof routes.home.get>('GET /api/home', { signal }),
    refetchOnWindowFocus: true,
  });
}

/** `home:changed`: something the home page shows moved (counts, last posts, status updates). */
export function onHomeChanged(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: homeKeys.home });
}
