/**
 * Which post page this tab shows, for the socket (which asks the server to join that post's room
 * and asks again after a reconnection). Tiny and socket-free: the post page imports it without
 * pulling the socket client in.
 */
import { useEffect } from 'react';

type Listener = (postId: string | null, previous: string | null) => void;

let current: string | null = null;
const listeners = new Set<Listener>();

function set(postId: string | null) {
  const previous = current;
  if (previous === postId) return;
  current = postId;
  for (const listener of listeners) listener(postId, previous);
}

/** The post page being shown, or null. */
export function watchedPost(): string | null {
  return current;
}

/** Marks `postId` as shown; the returned function unmarks it (if still the one shown). */
export function watchPost(postId: string): () => void {
  set(postId);
  return () => {
    if (current === postId) set(null);
  };
}

export function onWatchedPostChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the post page: its post is watched while it is shown. */
export function useWatchPost(postId: string | undefined) {
  useEffect(() => (postId ? watchPost(postId) : undefined), [postId]);
}
