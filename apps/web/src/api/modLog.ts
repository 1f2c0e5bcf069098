/** The mod log (moderators): filtered, newest first, "load more" through the cursor. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ModActionName, routes } from '@atelier/shared';
import { call } from './client.ts';

export interface ModLogFilters {
  action?: ModActionName | undefined;
  moderator?: string | undefined;
  subject?: string | undefined;
  /** YYYY-MM-DD */
  from?: string | undefined;
  /** YYYY-MM-DD */
  to?: string | undefined;
}

export const modLogKeys = {
  all: ['modLog'] as const,
  list: (filters: ModLogFilters) => ['modLog', filters] as const,
};

export function useModLog(filters: ModLogFilters) {
  return useInfiniteQuery({
    queryKey: modLogKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      call<typeof routes.modLog.list>('GET /api/mod-log', {
        query: {
          action: filters.action,
          moderator: filters.moderator,
          subject: filters.subject,
          from: filters.from,
          to: filters.to,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
