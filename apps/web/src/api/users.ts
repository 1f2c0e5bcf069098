/** Moderation of users: the banned list, ban and unban. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BannedUser } from '@atelier/shared';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

export function useBannedUsers() {
  return useQuery({
    queryKey: queryKeys.bannedUsers,
    queryFn: ({ signal }) => api.get<BannedUser[]>('/api/users/banned', signal),
  });
}

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<undefined>(`/api/users/${encodeURIComponent(id)}/ban`, { reason }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.bannedUsers });
      await queryClient.invalidateQueries({ queryKey: queryKeys.applicationsAll });
    },
  });
}

export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<undefined>(`/api/users/${encodeURIComponent(id)}/unban`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bannedUsers }),
  });
}
