/**
 * Moderation of a user from their profile: roles, the displayed role, ban and unban, the accounts
 * sharing a visitor id. Every change refreshes the profile (and the banned list).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditableRole, routes, UserProfile } from '@atelier/shared';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';
import { modLogKeys } from './modLog.ts';
import { profileKeys } from './profiles.ts';

export const moderationKeys = {
  sharedVisitors: (id: string) => ['sharedVisitors', id] as const,
};

function useRefreshUser() {
  const queryClient = useQueryClient();
  return async (id: string, profile?: UserProfile) => {
    if (profile) queryClient.setQueryData(profileKeys.profile(id), profile);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.profile(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.bannedUsers }),
      queryClient.invalidateQueries({ queryKey: modLogKeys.all }),
    ]);
  };
}

export function useSetRoles() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: ({ id, roles }: { id: string; roles: EditableRole[] }) =>
      call<typeof routes.moderation.setRoles>('PUT /api/users/:id/roles', {
        params: { id },
        body: { roles },
      }),
    onSuccess: (profile, { id }) => refresh(id, profile),
  });
}

export function useResetDisplayedRole() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof routes.moderation.resetDisplayedRole>(
        'POST /api/users/:id/displayed-role/reset',
        { params: { id } },
      ),
    onSuccess: (profile, id) => refresh(id, profile),
  });
}

export function useBanFromProfile() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call<typeof routes.moderation.ban>('POST /api/users/:id/ban', {
        params: { id },
        body: { reason },
      }),
    onSuccess: (_data, { id }) => refresh(id),
  });
}

export function useUnbanFromProfile() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (id: string) =>
      call<typeof routes.moderation.unban>('POST /api/users/:id/unban', { params: { id } }),
    onSuccess: (_data, id) => refresh(id),
  });
}

export function useSharedVisitors(id: string) {
  return useQuery({
    queryKey: moderationKeys.sharedVisitors(id),
    queryFn: ({ signal }) =>
      call<typeof routes.moderation.sharedVisitors>('GET /api/users/:id/shared-visitors', {
        params: { id },
        signal,
      }),
  });
}
