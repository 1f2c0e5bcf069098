/** Moderator notes about a user: newest first; adding or deleting refreshes the list. */
import { useQuery } from '@tanstack/react-query';
import { modLogKeys } from './modLog.ts';
import { byId, routeQuery, useRouteMutation } from './route.ts';

export const noteKeys = {
  all: ['notes'] as const,
  about: (userId: string) => ['notes', userId] as const,
};

export function useNotes(userId: string) {
  return useQuery(
    routeQuery(noteKeys.about(userId), 'GET /api/users/:id/notes', { params: { id: userId } }),
  );
}

/** What adding or deleting a note about `userId` refetches. */
const changed = (userId: string) => ({ invalidates: [noteKeys.about(userId), modLogKeys.all] });

export function useAddNote(userId: string) {
  return useRouteMutation(
    'POST /api/users/:id/notes',
    (body: string) => ({ params: { id: userId }, body: { body } }),
    changed(userId),
  );
}

export function useDeleteNote(userId: string) {
  return useRouteMutation('DELETE /api/notes/:id', byId, changed(userId));
}
