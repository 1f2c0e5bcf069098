/**
 * Moderation of a user from their profile: roles, the displayed role, ban and unban, the accounts
 * sharing a visitor id. Every change refreshes the profile (and the banned list).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditableRole, SharedVisitorAccount, UserProfile } from '@atelier/shared';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';
import { modLogKeys } from './modLog.ts';
import { profileKeys } from './profiles.ts';

export const moderationKeys = {
  sharedVisitors: (id: string) => ['sharedVisitors', id] as const,
};

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

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
      api.put<UserProfile>(`${userPath(id)}/roles`, { roles }),
    onSuccess: (profile, { id }) => refresh(id, profile),
  });
}

export function useResetDisplayedRole() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (id: string) => api.post<UserProfile>(`${userPath(id)}/displayed-role/reset`, {}),
    onSuccess: (profile, id) => refresh(id, profile),
  });
}

export function useBanFromProfile() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<undefined>(`${userPath(id)}/ban`, { reason }),
    onSuccess: (_data, { id }) => refresh(id),
  });
}

export function useUnbanFromProfile() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (id: string) => api.post<undefined>(`${userPath(id)}/unban`, {}),
    onSuccess: (_data, id) => refresh(id),
  });
}

export function useSharedVisitors(id: string) {
  return useQuery({
    queryKey: moderationKeys.sharedVisitors(id),
    queryFn: ({ signal }) =>
      api.get<SharedVisitorAccount[]>(`${userPath(id)}/shared-visitors`, signal),
  });
}
