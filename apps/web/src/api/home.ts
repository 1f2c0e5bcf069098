/**
 * GET /api/home: the sections map (with each one's last post), site stats and recent status updates.
 * Live: `home:changed` (the socket's home room) invalidates it, so an open home page refetches.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { routeQuery } from './route.ts';

export const homeKeys = {
  home: ['home'] as const,
};

const homeQuery = () => routeQuery(homeKeys.home, 'GET /api/home');

export function useHome() {
  return useQuery({ ...homeQuery(), refetchOnWindowFocus: true });
}

/** Loads the home data into the cache (app/firstScreen.ts); a failure is the page's to show. */
export function prefetchHome(queryClient: QueryClient): Promise<void> {
  return queryClient.query(homeQuery()).then(
    () => undefined,
    () => undefined,
  );
}

/** `home:changed`: something the home page shows moved (counts, last posts, status updates). */
export function onHomeChanged(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: homeKeys.home });
}
