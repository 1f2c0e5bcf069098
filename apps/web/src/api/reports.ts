/**
 * Reports: sending one (any user with access) and the moderators' queue with its actions. Every
 * action changes the queue, so it refetches it; a ban also changes the banned list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MyReport,
  RemovableTargetType,
  RemovalInput,
  ReportInput,
  ReportQueue,
  ReportTargetType,
} from '@atelier/shared';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

export const reportKeys = { queue: ['reports'] as const };

export function useSendReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => api.post<MyReport>('/api/reports', input),
  });
}

export function useReportQueue() {
  return useQuery({
    queryKey: reportKeys.queue,
    queryFn: ({ signal }) => api.get<ReportQueue>('/api/reports', signal),
  });
}

export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: string;
}

const actionUrl = ({ targetType, targetId }: ReportTarget, action: string) =>
  `/api/reports/${encodeURIComponent(targetType)}/${encodeURIComponent(targetId)}/${action}`;

function useQueueAction<T>(send: (input: T) => Promise<unknown>, alsoBanned = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: reportKeys.queue });
      if (alsoBanned) await queryClient.invalidateQueries({ queryKey: queryKeys.bannedUsers });
    },
  });
}

export const useDismissReports = () =>
  useQueueAction((target: ReportTarget) => api.post<undefined>(actionUrl(target, 'dismiss')));

export const useRemoveReported = () =>
  useQueueAction(
    ({
      input,
      ...target
    }: {
      targetType: RemovableTargetType;
      targetId: string;
      input: RemovalInput;
    }) => api.post<undefined>(actionUrl(target, 'remove'), input),
  );

export const useBanFromReports = () =>
  useQueueAction(
    ({ reason, ...target }: ReportTarget & { reason: string }) =>
      api.post<undefined>(actionUrl(target, 'ban'), { reason }),
    true,
  );
