/**
 * Likes on the five targets. A like button is optimistic: a click flips it at once, and rapid
 * clicks settle to the LAST wanted state with at most one request in flight (when a request
 * returns and the wanted state differs from the server's, the next one is sent). The server's
 * count is shown at the end; an error reverts to the last state the server confirmed.
 */
import { useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { LikeState } from '@atelier/shared';
import { call } from './client.ts';
import { routePages } from './route.ts';

export type LikeTarget = 'post' | 'comment' | 'commentReply' | 'statusUpdate' | 'statusReply';

/** Where each target's like routes are (routes.likes: `/api/<path>/:id/like` and `…/likes`). */
const targetPaths = {
  post: 'posts',
  comment: 'comments',
  commentReply: 'comment-replies',
  statusUpdate: 'status-updates',
  statusReply: 'status-replies',
} as const satisfies Record<LikeTarget, string>;

/** PUT likes, DELETE unlikes; both are idempotent and answer the new state. */
export function sendLike(target: LikeTarget, id: string, liked: boolean): Promise<LikeState> {
  const path = targetPaths[target];
  return liked
    ? call(`PUT /api/${path}/:id/like`, { params: { id } })
    : call(`DELETE /api/${path}/:id/like`, { params: { id } });
}

export interface LikeView extends LikeState {
  /** A request is in flight or queued. */
  pending: boolean;
}

export interface LikeCallbacks {
  send: (liked: boolean) => Promise<LikeState>;
  /** The state to show (optimistic while pending, the server's when settled). */
  onChange: (view: LikeView) => void;
  onSettled?: (state: LikeState) => void;
  onError?: (err: unknown) => void;
}

/** The settle logic, free of React so it can be tested on its own. */
export class LikeSync {
  private wanted = false;
  private inFlight = false;
  /** The last state the server confirmed (or the shown state when a burst of clicks began). */
  private confirmed: LikeState = { liked: false, likeCount: 0 };
  private callbacks: LikeCallbacks | null = null;

  get busy(): boolean {
    return this.inFlight;
  }

  /** Flips `current` (the state shown now). */
  toggle(current: LikeState, callbacks: LikeCallbacks): void {
    this.callbacks = callbacks;
    if (!this.inFlight) this.confirmed = { ...current };
    this.wanted = !current.liked;
    callbacks.onChange({
      liked: this.wanted,
      likeCount: this.countFor(this.wanted),
      pending: true,
    });
    if (!this.inFlight) void this.run();
  }

  private countFor(liked: boolean): number {
    const { liked: was, likeCount } = this.confirmed;
    return Math.max(0, likeCount + (liked ? 1 : 0) - (was ? 1 : 0));
  }

  private async run(): Promise<void> {
    this.inFlight = true;
    for (;;) {
      const callbacks = this.callbacks;
      if (!callbacks) break;
      const wanted = this.wanted;
      try {
        this.confirmed = await callbacks.send(wanted);
      } catch (err) {
        this.inFlight = false;
        this.wanted = this.confirmed.liked;
        this.callbacks?.onChange({ ...this.confirmed, pending: false });
        this.callbacks?.onError?.(err);
        return;
      }
      if (this.wanted === this.confirmed.liked) break;
    }
    this.inFlight = false;
    const state = { ...this.confirmed };
    this.callbacks?.onChange({ ...state, pending: false });
    this.callbacks?.onSettled?.(state);
  }
}

interface HookState extends LikeView {
  /** The props last seen: a change while idle (a refetch) replaces what is shown. */
  from: LikeState & { key: string };
}

/**
 * The state of one like button and its toggle. A failed request reverts the state and is handed
 * to `onError`: showing it is the caller's business (this layer knows no UI).
 */
export function useLikeToggle(
  target: LikeTarget,
  id: string,
  liked: boolean,
  likeCount: number,
  onError?: (err: unknown) => void,
): LikeView & { toggle: () => void } {
  const queryClient = useQueryClient();
  const [sync] = useState(() => new LikeSync());
  const key = `${target}:${id}`;
  const [state, setState] = useState<HookState>({
    liked,
    likeCount,
    pending: false,
    from: { liked, likeCount, key },
  });

  const propsChanged =
    state.from.liked !== liked || state.from.likeCount !== likeCount || state.from.key !== key;
  if (propsChanged) {
    // While a request is in flight, new props (a refetch that raced it) are noted but not shown:
    // the server's answer to the last tap wins.
    const from = { liked, likeCount, key };
    setState(state.pending ? { ...state, from } : { liked, likeCount, pending: false, from });
  }

  const toggle = () => {
    sync.toggle(
      { liked: state.liked, likeCount: state.likeCount },
      {
        send: (wanted) => sendLike(target, id, wanted),
        onChange: (view) => setState((s) => ({ ...s, ...view })),
        onSettled: () => {
          // Lists and pages holding this item refetch when next shown; nothing refetches now.
          void queryClient.invalidateQueries({ refetchType: 'none' });
        },
        onError,
      },
    );
  };

  return { liked: state.liked, likeCount: state.likeCount, pending: state.pending, toggle };
}

/** Who liked a target, newest first, a page at a time; fetched when `enabled`. */
export function useLikers(target: LikeTarget, id: string, enabled: boolean) {
  return useInfiniteQuery({
    ...routePages(
      ['likers', target, id] as const,
      `GET /api/${targetPaths[target]}/:id/likes`,
      (cursor) => ({ params: { id }, query: { cursor } }),
    ),
    enabled,
  });
}
