/**
 * Applications: the applicant's own (myApplication) and the moderators' list. A decision changes
 * the applicant, so approve/reject/ban also refresh the banned list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Application,
  ApplicationInput,
  ApplicationState,
  GrantableRole,
  MyApplication,
} from '@atelier/shared';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

export function useMyApplication() {
  return useQuery({
    queryKey: queryKeys.myApplication,
    queryFn: ({ signal }) => api.get<MyApplication>('/api/applications/mine', signal),
  });
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationInput) => api.post<Application>('/api/applications', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myApplication }),
  });
}

export function useApplications(state: ApplicationState) {
  return useQuery({
    queryKey: queryKeys.applications(state),
    queryFn: ({ signal }) => api.get<Application[]>(`/api/applications?state=${state}`, signal),
  });
}

export function useApproveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, grantedRole }: { id: string; grantedRole: GrantableRole }) =>
      api.post<Application>(`/api/applications/${encodeURIComponent(id)}/approve`, { grantedRole }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applicationsAll }),
  });
}

export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api.post<Application>(`/api/applications/${encodeURIComponent(id)}/reject`, { note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applicationsAll }),
  });
}
