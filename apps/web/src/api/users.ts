/** Moderation of users: the banned list, ban and unban. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { routes } from '@atelier/shared';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export function useBannedUsers() {
  return useQuery({
    queryKey: queryKeys.bannedUsers,
    queryFn: ({ signal }) =>
      call<typeof routes.moderation.banned>('GET /api/users/banned', { signal }),
  });
}

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call<typeof routes.moderation.ban>('POST /api/users/:id/ban', {
        params: { id },
        body: { reason },
      }),
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
      call<typeof routes.moderation.unban>('POST /api/users/:id/unban', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bannedUsers }),
  });
}
