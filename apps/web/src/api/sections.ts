import { useQuery } from '@tanstack/react-query';
import type { routes } from '@atelier/shared';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export function useSections() {
  return useQuery({
    queryKey: queryKeys.sections,
    queryFn: ({ signal }) => call<typeof routes.sections.list>('GET /api/sections', { signal }),
    staleTime: 5 * 60_000,
  });
}
