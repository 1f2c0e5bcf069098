/**
 * The first screen's data in the query cache before the app first renders, so that its first
 * render is the screen the visitor asked for — not the frame with spinners, then the frame with
 * the user, then the page with its content, each a long task on a phone and each delaying the
 * largest text of the page.
 *
 * It waits for what is already on its way: the current user (index.html preloads
 * GET /api/session for every page), and the data the server's page for a member asked the browser
 * to preload (`<link rel="preload" as="fetch">`, apps/server/src/plugins/web.ts: the home's, or a
 * post — its first comments are asked for too, not waited for). The queries are those the pages run, so they find it fresh. A
 * slow answer does not hold the app back: after `waitMs` it renders with what has come.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/keys.ts';
import { fetchMe, meStaleMs } from '../api/me.ts';

/** The API paths (with their query) the server's page preloads. */
function preloadedPaths(): string[] {
  return Array.from(
    document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'),
    (link) => new URL(link.href).pathname,
  );
}

/**
 * A page's first data, by the page's path: the API path the server preloads for it, and the
 * prefetch from the page's own api module (loaded with the page's chunks).
 */
const pageData: {
  page: RegExp;
  api: (param: string) => string;
  load: (client: QueryClient, param: string) => Promise<unknown>;
}[] = [
  {
    page: /^\/$/,
    api: () => '/api/home',
    load: (client) => import('../api/home.ts').then((m) => m.prefetchHome(client)),
  },
  {
    page: /^\/posts\/([^/]+)$/,
    api: (postId) => `/api/posts/${encodeURIComponent(postId)}`,
    // The comments come below the post, after it has painted (CommentsSection): asked for now,
    // not waited for.
    load: (client, postId) => {
      void import('../api/comments.ts').then((m) => m.prefetchComments(client, postId));
      return import('../api/posts.ts').then((m) => m.prefetchPost(client, postId));
    },
  },
];

export async function loadFirstScreen(client: QueryClient, waitMs = 1_500): Promise<void> {
  const jobs: Promise<unknown>[] = [
    client
      .query({
        queryKey: queryKeys.me,
        queryFn: ({ signal }) => fetchMe(signal),
        staleTime: meStaleMs,
      })
      .catch(() => undefined),
  ];
  const preloaded = preloadedPaths();
  for (const { page, api, load } of pageData) {
    const match = page.exec(location.pathname);
    if (!match) continue;
    const param = decodeURIComponent(match[1] ?? '');
    // Only what the server preloaded: it knows the visitor is a member who may read it. A failure
    // (a chunk that did not load) leaves the page to ask, and to show it.
    if (preloaded.includes(api(param))) jobs.push(load(client, param).catch(() => undefined));
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(jobs),
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}
