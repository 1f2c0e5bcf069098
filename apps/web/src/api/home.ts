/**
 * GET /api/home: the sections map (with each one's last post), site stats and recent status updates.
 * Live: `home:changed` (the socket's home room) invalidates it, so an open home page refetches.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { routeQuery } from './route.ts';

export const homeKeys = {
  home: ['home'] as const,
};

export function useHome() {
  return useQuery({ ...routeQuery(homeKeys.home, 'GET /api/home'), refetchOnWindowFocus: true });
}

/** `home:changed`: something the home page shows moved (counts, last posts, status updates). */
export function onHomeChanged(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: homeKeys.home });
}
