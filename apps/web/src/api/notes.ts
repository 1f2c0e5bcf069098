/** Moderator notes about a user: newest first; adding or deleting refreshes the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModeratorNote } from '@atelier/shared';
import { api } from './client.ts';
import { modLogKeys } from './modLog.ts';

export const noteKeys = {
  all: ['notes'] as const,
  about: (userId: string) => ['notes', userId] as const,
};

export function useNotes(userId: string) {
  return useQuery({
    queryKey: noteKeys.about(userId),
    queryFn: ({ signal }) =>
      api.get<ModeratorNote[]>(`/api/users/${encodeURIComponent(userId)}/notes`, signal),
  });
}

export function useAddNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<ModeratorNote>(`/api/users/${encodeURIComponent(userId)}/notes`, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: noteKeys.about(userId) });
      await queryClient.invalidateQueries({ queryKey: modLogKeys.all });
    },
  });
}

export function useDeleteNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/api/notes/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: noteKeys.about(userId) });
      await queryClient.invalidateQueries({ queryKey: modLogKeys.all });
    },
  });
}
