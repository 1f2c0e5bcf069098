/**
 * Posts and the section pages that list them.
 *
 * Cache rules: a post lives under `postKeys.detail(id)`; section lists under
 * `postKeys.section(slug, filters)` (infinite, cursor pages). Creating, editing or deleting a post
 * seeds/drops the detail and invalidates every list and the home data (counts, last posts).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePostInput,
  Post,
  PostSort,
  Provenance,
  UpdatePostInput,
  routes,
} from '@atelier/shared';
import { call } from './client.ts';
import { homeKeys } from './home.ts';

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
    queryKey: postKeys.sectionInfo(slug),
    queryFn: ({ signal }) =>
      call<typeof routes.sections.get>('GET /api/sections/:slug', { params: { slug }, signal }),
    staleTime: 60_000,
  });
}

export function useSectionPosts(slug: string, filters: PostListFilters) {
  return useInfiniteQuery({
    queryKey: postKeys.section(slug, filters),
    queryFn: ({ pageParam, signal }) =>
      call<typeof routes.sections.posts>('GET /api/sections/:slug/posts', {
        params: { slug },
        query: { ...filters, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function usePost(id: string | undefined) {
  return useQuery({
    queryKey: postKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      call<typeof routes.posts.get>('GET /api/posts/:id', { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });
}

function useAfterPostChange() {
  const queryClient = useQueryClient();
  return async (post: Post | null, id: string) => {
    // A deleted post's detail stays cached until it is unused: the open page navigates away first.
    if (post) queryClient.setQueryData(postKeys.detail(id), post);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: postKeys.lists }),
      queryClient.invalidateQueries({ queryKey: homeKeys.home }),
      queryClient.invalidateQueries({ queryKey: ['sections'] }),
    ]);
  };
}

export function useCreatePost() {
  const after = useAfterPostChange();
  return useMutation({
    mutationFn: (input: CreatePostInput) =>
      call<typeof routes.posts.create>('POST /api/posts', { body: input }),
    onSuccess: (post) => after(post, post.id),
  });
}

export function useUpdatePost(id: string) {
  const after = useAfterPostChange();
  return useMutation({
    mutationFn: (input: UpdatePostInput) =>
      call<typeof routes.posts.update>('PATCH /api/posts/:id', { params: { id }, body: input }),
    onSuccess: (post) => after(post, id),
  });
}

export function useDeletePost(id: string) {
  const after = useAfterPostChange();
  return useMutation({
    mutationFn: () => call<typeof routes.posts.remove>('DELETE /api/posts/:id', { params: { id } }),
    // Not awaited: the page navigates away at once, before a refetch of the deleted post (a live
    // push may ask for one) can replace it with "not found" and drop the caller's callbacks.
    onSuccess: () => {
      void after(null, id);
    },
  });
}

/** Counts a view (the server keeps one per viewer per day) and updates the cached count. */
export async function recordView(id: string): Promise<{ viewCount: number }> {
  return call<typeof routes.posts.view>('POST /api/posts/:id/views', { params: { id } });
}

export function useRecordView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordView,
    onSuccess: ({ viewCount }, id) => {
      queryClient.setQueryData<Post>(postKeys.detail(id), (old) =>
        old ? { ...old, viewCount } : old,
      );
    },
  });
}

/** A post's versions, newest first (author and moderators only); fetched when `enabled`. */
export function usePostHistory(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...postKeys.detail(id), 'versions'] as const,
    queryFn: ({ signal }) =>
      call<typeof routes.posts.versions>('GET /api/posts/:id/versions', { params: { id }, signal }),
    enabled,
  });
}
