/** GET /api/search?q&kind: posts, users and tags matching a query (one page of each). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchKind, SearchResults } from '@atelier/shared';
import { api } from './client.ts';

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string, kind: SearchKind) => ['search', q, kind] as const,
};

export function searchPath(q: string, kind: SearchKind): string {
  return `/api/search?${new URLSearchParams({ q, kind }).toString()}`;
}

export function useSearch(q: string, kind: SearchKind) {
  const query = q.trim();
  return useQuery({
    queryKey: searchKeys.query(query, kind),
    queryFn: ({ signal }) => api.get<SearchResults>(searchPath(query, kind), signal),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
