/**
 * Posts and the section pages that list them.
 *
 * Cache rules: a post lives under `postKeys.detail(id)`; section lists under
 * `postKeys.section(slug, filters)` (infinite, cursor pages). Creating, editing or deleting a post
 * seeds/drops the detail and invalidates every list and the home data (counts, last posts).
 */
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CreatePostInput, Post, PostSort, Provenance, UpdatePostInput } from '@atelier/shared';
import { homeKeys } from './home.ts';
import { byId, invalidate, routePages, routeQuery, useRouteMutation } from './route.ts';

export interface PostListFilters {
  sort: PostSort;
  tag?: string;
  provenance?: Provenance;
}

export const postKeys = {
  all: ['posts'] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
  lists: ['posts', 'list'] as const,
  section: (slug: string, filters: PostListFilters) =>
    ['posts', 'list', 'section', slug, filters] as const,
  sectionInfo: (slug: string) => ['sections', 'one', slug] as const,
};

export function useSection(slug: string) {
  return useQuery({
    ...routeQuery(postKeys.sectionInfo(slug), 'GET /api/sections/:slug', { params: { slug } }),
    staleTime: 60_000,
  });
}

export function useSectionPosts(slug: string, filters: PostListFilters) {
  return useInfiniteQuery(
    routePages(postKeys.section(slug, filters), 'GET /api/sections/:slug/posts', (cursor) => ({
      params: { slug },
      query: { ...filters, cursor },
    })),
  );
}

export function usePost(id: string | undefined) {
  return useQuery({
    ...routeQuery(postKeys.detail(id ?? ''), 'GET /api/posts/:id', { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

/** What a change to a post makes stale: every list, and the home data (counts, last posts). */
const listsOfPosts = [postKeys.lists, homeKeys.home, ['sections']];

/** A saved post seeds its detail, then the lists refetch. */
const seeded = {
  onSuccess: (post: Post, _v: unknown, _r: unknown, { client }: { client: QueryClient }) =>
    client.setQueryData(postKeys.detail(post.id), post),
  invalidates: listsOfPosts,
};

export function useCreatePost() {
  return useRouteMutation('POST /api/posts', (input: CreatePostInput) => ({ body: input }), seeded);
}

export function useUpdatePost(id: string) {
  return useRouteMutation(
    'PATCH /api/posts/:id',
    (input: UpdatePostInput) => ({ params: { id }, body: input }),
    seeded,
  );
}

export function useDeletePost(id: string) {
  // A deleted post's detail stays cached until it is unused: the open page navigates away first.
  return useRouteMutation('DELETE /api/posts/:id', () => ({ params: { id } }), {
    // Not awaited: the page navigates away at once, before a refetch of the deleted post (a live
    // push may ask for one) replaces it with "not found" (PostView awaits the deletion itself, so
    // it navigates even when that came first).
    onSuccess: (_data, _none, _result, { client }) => {
      void invalidate(client, listsOfPosts);
    },
  });
}

/** Counts a view (the server keeps one per viewer per day) and updates the cached count. */
export function useRecordView() {
  return useRouteMutation('POST /api/posts/:id/views', byId, {
    onSuccess: ({ viewCount }, id, _result, { client }) => {
      client.setQueryData<Post>(postKeys.detail(id), (old) => (old ? { ...old, viewCount } : old));
    },
  });
}

/** A post's versions, newest first (author and moderators only); fetched when `enabled`. */
export function usePostHistory(id: string, enabled: boolean) {
  return useQuery({
    ...routeQuery([...postKeys.detail(id), 'versions'] as const, 'GET /api/posts/:id/versions', {
      params: { id },
    }),
    enabled,
  });
}
