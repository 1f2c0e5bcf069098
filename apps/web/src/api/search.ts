/**
 * GET /api/search: posts, users and tags matching a query. Posts come in pages (`nextCursor`);
 * users and tags with the first page. A query below `searchLimits.minLength` letters or digits is
 * not sent (the page shows the hint the server would answer with `tooShort`).
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  searchLimits,
  searchQueryLength,
  type Provenance,
  type SearchKind,
  type SearchResults,
} from '@atelier/shared';
import { routePages } from './route.ts';

export interface SearchFilters {
  section?: string | undefined;
  tag?: string | undefined;
  provenance?: Provenance | undefined;
  author?: string | undefined;
}

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string, kind: SearchKind, filters: SearchFilters = {}) =>
    ['search', q, kind, filters] as const,
};

export const isSearchable = (q: string) => searchQueryLength(q) >= searchLimits.minLength;

export function useSearch(q: string, kind: SearchKind, filters: SearchFilters = {}) {
  const query = q.trim();
  return useInfiniteQuery({
    ...routePages(searchKeys.query(query, kind, filters), 'GET /api/search', (cursor) => ({
      query: { q: query, kind, ...filters, cursor },
    })),
    enabled: isSearchable(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The pages as one result: every page's posts, the first page's users and tags. */
export function mergePages(pages: readonly SearchResults[]): SearchResults | undefined {
  const [first] = pages;
  if (!first) return undefined;
  return {
    ...first,
    posts: pages.flatMap((p) => p.posts),
    nextCursor: pages.at(-1)?.nextCursor ?? null,
  };
}
