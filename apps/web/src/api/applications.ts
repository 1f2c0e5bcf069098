/**
 * Applications: the applicant's own (myApplication) and the moderators' list. A decision changes
 * the applicant, so approve/reject/ban also refresh the banned list.
 */
import { useQuery } from '@tanstack/react-query';
import type { ApplicationInput, ApplicationState, GrantableRole } from '@atelier/shared';
import { queryKeys } from './keys.ts';
import { routeQuery, useRouteMutation } from './route.ts';

export function useMyApplication() {
  return useQuery(routeQuery(queryKeys.myApplication, 'GET /api/applications/mine'));
}

export function useSubmitApplication() {
  return useRouteMutation(
    'POST /api/applications',
    (input: ApplicationInput) => ({ body: input }),
    {
      invalidates: [queryKeys.myApplication],
    },
  );
}

export function useApplications(state: ApplicationState) {
  return useQuery(
    routeQuery(queryKeys.applications(state), 'GET /api/applications', { query: { state } }),
  );
}

export function useApproveApplication() {
  return useRouteMutation(
    'POST /api/applications/:id/approve',
    ({ id, grantedRole }: { id: string; grantedRole: GrantableRole }) => ({
      params: { id },
      body: { grantedRole },
    }),
    { invalidates: [queryKeys.applicationsAll] },
  );
}

export function useRejectApplication() {
  return useRouteMutation(
    'POST /api/applications/:id/reject',
    ({ id, note }: { id: string; note: string }) => ({ params: { id }, body: { note } }),
    { invalidates: [queryKeys.applicationsAll] },
  );
}
