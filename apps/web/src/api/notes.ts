/** Moderator notes about a user: newest first; adding or deleting refreshes the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { routes } from '@atelier/shared';
import { call } from './client.ts';
import { modLogKeys } from './modLog.ts';

export const noteKeys = {
  all: ['notes'] as const,
  about: (userId: string) => ['notes', userId] as const,
};

export function useNotes(userId: string) {
  return useQuery({
    queryKey: noteKeys.about(userId),
    queryFn: ({ signal }) =>
      call<typeof routes.notes.list>('GET /api/users/:id/notes', {
        params: { id: userId },
        signal,
      }),
  });
}

export function useAddNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      call<typeof routes.notes.create>('POST /api/users/:id/notes', {
        params: { id: userId },
        body: { body },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: noteKeys.about(userId) });
      await queryClient.invalidateQueries({ queryKey: modLogKeys.all });
    },
  });
}

export function useDeleteNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof routes.notes.remove>('DELETE /api/notes/:id', { params: { id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: noteKeys.about(userId) });
      await queryClient.invalidateQueries({ queryKey: modLogKeys.all });
    },
  });
}
