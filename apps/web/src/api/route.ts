/**
 * What every hook of api/ is made of: a route of the table named by its `'METHOD /path'`, the
 * input built from the hook's arguments or the mutation's variables, the query key, and the keys
 * a success makes stale. Everything is typed from the route's declaration.
 *
 *   useQuery(routeQuery(tagKeys.all, 'GET /api/tags'))
 *   useInfiniteQuery(routePages(key, 'GET /api/posts/:id/comments', (cursor) => ({ … })))
 *   useRouteMutation('DELETE /api/tags/:id', byId, { invalidates: [tagKeys.all] })
 */
import {
  useMutation,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { send, type AnswerOf, type InputArgs, type InputOf, type RouteName } from './client.ts';

/** The input of a route on one thing named by its id, from that id (the mutation's variables). */
export const byId = (id: string) => ({ params: { id } });

/** The options of a query of `route` (spread them to add `enabled`, `staleTime`…). */
export function routeQuery<K extends QueryKey, N extends RouteName>(
  queryKey: K,
  route: N,
  ...[input]: InputArgs<N>
) {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => send(route, input, signal),
  };
}

/** The routes answering a page of a cursor list. */
type PagedRoute = {
  [N in RouteName]: AnswerOf<N> extends { nextCursor: string | null } ? N : never;
}[RouteName];

interface PagesOptions<K extends QueryKey, P> {
  queryKey: K;
  queryFn: (context: { pageParam: string | null; signal: AbortSignal }) => Promise<P>;
  initialPageParam: string | null;
  getNextPageParam: (last: P) => string | null;
}

/** The options of an infinite query of `route`, a page at a time; `input` places the cursor. */
export function routePages<K extends QueryKey, N extends PagedRoute>(
  queryKey: K,
  route: N,
  input: (cursor: string | undefined) => InputOf<N>,
): PagesOptions<K, AnswerOf<N>> {
  return {
    queryKey,
    queryFn: ({ pageParam, signal }) => send(route, input(pageParam ?? undefined), signal),
    initialPageParam: null,
    getNextPageParam: nextCursor,
  };
}

/** The cursor of the page after `page` (PagedRoute guarantees the field; this reads it safely). */
function nextCursor(page: unknown): string | null {
  return typeof page === 'object' &&
    page !== null &&
    'nextCursor' in page &&
    typeof page.nextCursor === 'string'
    ? page.nextCursor
    : null;
}

/** Marks the queries under each key stale (the ones on screen refetch); settles when they have. */
export function invalidate(client: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export interface RouteMutationOptions<D, V, C> extends Omit<
  UseMutationOptions<D, Error, V, C>,
  'mutationFn'
> {
  /** Invalidated after a success (after `onSuccess`); the mutation settles once refetched. */
  invalidates?: readonly QueryKey[] | ((data: D, variables: V) => readonly QueryKey[]);
  /** Invalidated after a success or a failure (what it changes may have moved either way). */
  invalidatesSettled?: readonly QueryKey[];
}

/** A mutation calling `route` with the input made of its variables. */
export function useRouteMutation<N extends RouteName, V = void, C = unknown>(
  route: N,
  input: (variables: V) => InputOf<N>,
  options: RouteMutationOptions<AnswerOf<N>, V, C> = {},
) {
  const { invalidates = [], invalidatesSettled = [], onSuccess, onSettled, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: (variables: V) => send(route, input(variables)),
    onSuccess: async (data, variables, result, context) => {
      await onSuccess?.(data, variables, result, context);
      const keys = typeof invalidates === 'function' ? invalidates(data, variables) : invalidates;
      await invalidate(context.client, keys);
    },
    onSettled: async (data, error, variables, result, context) => {
      await onSettled?.(data, error, variables, result, context);
      await invalidate(context.client, invalidatesSettled);
    },
  });
}
