/** GET /api/home: the sections map (with each one's last post), site stats and recent status updates. */
import { useQuery } from '@tanstack/react-query';
import type { HomeData } from '@atelier/shared';
import { api } from './client.ts';

export const homeKeys = {
  home: ['home'] as const,
};

export function useHome() {
  return useQuery({
    queryKey: homeKeys.home,
    queryFn: ({ signal }) => api.get<HomeData>('/api/home', signal),
    refetchOnWindowFocus: true,
  });
}
