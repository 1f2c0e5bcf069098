/** Moderation of users: the banned list, ban and unban. */
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './keys.ts';
import { byId, routeQuery, useRouteMutation } from './route.ts';

export function useBannedUsers() {
  return useQuery(routeQuery(queryKeys.bannedUsers, 'GET /api/users/banned'));
}

export function useBanUser() {
  return useRouteMutation(
    'POST /api/users/:id/ban',
    ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } }),
    { invalidates: [queryKeys.bannedUsers, queryKeys.applicationsAll] },
  );
}

export function useUnbanUser() {
  return useRouteMutation('POST /api/users/:id/unban', byId, {
    invalidates: [queryKeys.bannedUsers],
  });
}
