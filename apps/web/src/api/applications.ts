/**
 * Applications: the applicant's own (myApplication) and the moderators' list. A decision changes
 * the applicant, so approve/reject/ban also refresh the banned list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationInput, ApplicationState, GrantableRole, routes } from '@atelier/shared';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export function useMyApplication() {
  return useQuery({
    queryKey: queryKeys.myApplication,
    queryFn: ({ signal }) =>
      call<typeof routes.applications.mine>('GET /api/applications/mine', { signal }),
  });
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationInput) =>
      call<typeof routes.applications.submit>('POST /api/applications', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myApplication }),
  });
}

export function useApplications(state: ApplicationState) {
  return useQuery({
    queryKey: queryKeys.applications(state),
    queryFn: ({ signal }) =>
      call<typeof routes.applications.list>('GET /api/applications', {
        query: { state },
        signal,
      }),
  });
}

export function useApproveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, grantedRole }: { id: string; grantedRole: GrantableRole }) =>
      call<typeof routes.applications.approve>('POST /api/applications/:id/approve', {
        params: { id },
        body: { grantedRole },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applicationsAll }),
  });
}

export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      call<typeof routes.applications.reject>('POST /api/applications/:id/reject', {
        params: { id },
        body: { note },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applicationsAll }),
  });
}
