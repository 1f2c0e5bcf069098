import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './keys.ts';
import { routeQuery } from './route.ts';

export function useSections() {
  return useQuery({
    ...routeQuery(queryKeys.sections, 'GET /api/sections'),
    staleTime: 5 * 60_000,
  });
}
