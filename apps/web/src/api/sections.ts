import { useQuery } from '@tanstack/react-query';
import type { Section } from '@atelier/shared';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

export function useSections() {
  return useQuery({
    queryKey: queryKeys.sections,
    queryFn: ({ signal }) => api.get<Section[]>('/api/sections', signal),
    staleTime: 5 * 60_000,
  });
}
