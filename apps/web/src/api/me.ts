/**
 * The current user (GET /api/session: the user, or null when signed out, always 200, so a
 * signed-out page load logs no failed request). Refetched on window focus and every
 * 60 s while the tab is visible, so a role change (claimsModifiedTimestamp, displayedRole) or a
 * ban reaches an open tab: the shell and the guard simply re-render from the new data.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletionInput, AccountUpdate, CurrentUser, routes } from '@atelier/shared';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export async function fetchMe(signal?: AbortSignal): Promise<CurrentUser | null> {
  const { user } = await call('GET /api/session', { signal });
  return user;
}

export const meRefetchIntervalMs = 60_000;
/** How long a loaded user counts as fresh for components mounting after it came. */
export const meStaleMs = 10_000;

export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    // Read by many components: each one mounting while the page loads would fetch it again.
    staleTime: meStaleMs,
    refetchOnWindowFocus: 'always',
    refetchInterval: meRefetchIntervalMs,
    refetchIntervalInBackground: false,
  });
}

const notProvided = Symbol('no CurrentUserProvider');
const CurrentUserContext = createContext<CurrentUser | null | undefined | typeof notProvided>(
  notProvided,
);

/**
 * Reads the current user once for the whole app (App.tsx): the items of a list (a thread's 150
 * comments and replies, each with its like, report and manage buttons and presence dot) read it
 * from here instead of each observing the query (an observer per hook, ~3 per item).
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  return createElement(CurrentUserContext.Provider, { value: useMe().data }, children);
}

/** The user once loaded, or null (signed out) / undefined (not settled yet). */
export function useCurrentUser(): CurrentUser | null | undefined {
  const provided = useContext(CurrentUserContext);
  // Without the provider (a component rendered on its own, as in unit tests) it observes the
  // query itself. Whether there is one never changes during a component's life.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return provided === notProvided ? useMe().data : provided;
}

/**
 * A change to one's account, answered with the user: it replaces the cached one. (This module is
 * in the entry chunk, so it stays off api/route.ts: the first download does not carry the hooks'
 * helpers.)
 */
function useAccountChange<V>(send: (variables: V) => Promise<CurrentUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}

export function useUpdateMe() {
  return useAccountChange((update: AccountUpdate) => call('PATCH /api/me', { body: update }));
}

export function useUploadAvatar() {
  return useAccountChange((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call('POST /api/me/avatar', { body: form });
  });
}

export function useDeleteAvatar() {
  return useAccountChange(() => call('DELETE /api/me/avatar'));
}

/**
 * GET /api/me/export (`routes.ownData.export`): the ZIP of one's data, a plain link (the browser
 * streams the download), so not a `call`; the type checks the path against the declaration.
 */
export const exportUrl: (typeof routes.ownData.export)['path'] = '/api/me/export';

/** Schedules the deletion of the account; the server ends every session (the caller signs out). */
export function useRequestDeletion() {
  return useMutation({
    mutationFn: (input: AccountDeletionInput) => call('POST /api/me/deletion', { body: input }),
  });
}

/** Cancels a scheduled deletion (during the grace period). */
export function useCancelDeletion() {
  return useAccountChange(() => call('DELETE /api/me/deletion'));
}
