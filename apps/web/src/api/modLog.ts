/** The mod log (moderators): filtered, newest first, "load more" through the cursor. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ModActionName } from '@atelier/shared';
import { routePages } from './route.ts';

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
  const { action, moderator, subject, from, to } = filters;
  return useInfiniteQuery(
    routePages(modLogKeys.list(filters), 'GET /api/mod-log', (cursor) => ({
      query: { action, moderator, subject, from, to, cursor },
    })),
  );
}
