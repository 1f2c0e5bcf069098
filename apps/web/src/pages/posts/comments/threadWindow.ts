/**
 * How much of a long thread the post page renders at once (Lighthouse measured 13 s of blocked main
 * thread for 50 comments + 100 replies rendered together): the first `commentStep` comments, then
 * `commentStep` more per "Load more comments" (fetching the server's next page when the loaded ones
 * are all shown), and the first `replyStep` replies of each comment, the rest behind "Show N more
 * replies". A `#comment-…` / `#reply-…` link widens the window to its target.
 *
 * The page's first render holds only the first `firstRender` comments of the window (a phone
 * shows about that many below the post), built `firstTask` in the first task and the others in the
 * next ones; the rest of the window is rendered when the end of those comes near the viewport, so
 * loading a post does not render twenty comments nobody sees yet.
 */
import type { Comment } from '@atelier/shared';

export const commentStep = 20;
export const replyStep = 3;
export const firstRender = 4;
export const firstTask = 2;

export type ThreadTarget = { kind: 'comment' | 'reply'; id: string } | null;

/** `#comment-<id>` / `#reply-<id>` → the target; anything else → null. */
export function targetOf(hash: string): ThreadTarget {
  const match = /^#(comment|reply)-(.+)$/.exec(decodeURIComponent(hash));
  if (!match?.[2]) return null;
  return { kind: match[1] as 'comment' | 'reply', id: match[2] };
}

/** Index of the comment that is, or holds, the target; -1 when it is not loaded (or no target). */
export function targetIndex(items: readonly Comment[], target: ThreadTarget): number {
  if (!target) return -1;
  return target.kind === 'comment'
    ? items.findIndex((c) => c.id === target.id)
    : items.findIndex((c) => c.replies.some((r) => r.id === target.id));
}

/**
 * How many of the window's `count` comments are rendered: `firstRender` (or up to the target)
 * until the rest is asked for (`all`).
 */
export function renderedCount(count: number, index: number, all: boolean): number {
  return all ? count : Math.min(count, Math.max(firstRender, index + 1));
}

/** How many comments the thread's first task builds: `firstTask`, or up to the target. */
export function atOnceCount(count: number, index: number): number {
  return Math.min(count, Math.max(firstTask, index + 1));
}

/** How many of the loaded comments to render: the window, widened to reach the target. */
export function visibleCount(loaded: number, shown: number, index: number): number {
  return Math.min(loaded, Math.max(shown, index + 1));
}
