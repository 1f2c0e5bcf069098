/**
 * Moderation of a user from their profile: roles, the displayed role, ban and unban, the accounts
 * sharing a visitor id. Every change refreshes the profile (and the banned list).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { EditableRole, UserProfile } from '@atelier/shared';
import { queryKeys } from './keys.ts';
import { modLogKeys } from './modLog.ts';
import { profileKeys } from './profiles.ts';
import { byId, routeQuery, useRouteMutation } from './route.ts';

export const moderationKeys = {
  sharedVisitors: (id: string) => ['sharedVisitors', id] as const,
};

/** What a change to user `id` refetches. */
const changed = (id: string) => [profileKeys.profile(id), queryKeys.bannedUsers, modLogKeys.all];

/** A change answered with the new profile: it replaces the cached one, then all is refetched. */
const seedProfile = (client: QueryClient, id: string, profile: UserProfile) =>
  client.setQueryData(profileKeys.profile(id), profile);

export function useSetRoles() {
  return useRouteMutation(
    'PUT /api/users/:id/roles',
    ({ id, roles }: { id: string; roles: EditableRole[] }) => ({ params: { id }, body: { roles } }),
    {
      onSuccess: (profile, { id }, _result, { client }) => seedProfile(client, id, profile),
      invalidates: (_profile, { id }) => changed(id),
    },
  );
}

export function useResetDisplayedRole() {
  return useRouteMutation('POST /api/users/:id/displayed-role/reset', byId, {
    onSuccess: (profile, id, _result, { client }) => seedProfile(client, id, profile),
    invalidates: (_profile, id) => changed(id),
  });
}

export function useBanFromProfile() {
  return useRouteMutation(
    'POST /api/users/:id/ban',
    ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } }),
    { invalidates: (_data, { id }) => changed(id) },
  );
}

export function useUnbanFromProfile() {
  return useRouteMutation('POST /api/users/:id/unban', byId, {
    invalidates: (_data, id) => changed(id),
  });
}

export function useSharedVisitors(id: string) {
  return useQuery(
    routeQuery(moderationKeys.sharedVisitors(id), 'GET /api/users/:id/shared-visitors', {
      params: { id },
    }),
  );
}
