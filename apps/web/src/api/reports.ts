/**
 * Reports: sending one (any user with access) and the moderators' queue with its actions. Every
 * action changes the queue, so it refetches it; a ban also changes the banned list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RemovableTargetType,
  RemovalInput,
  ReportInput,
  ReportTargetType,
  routes,
} from '@atelier/shared';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export const reportKeys = { queue: ['reports'] as const };

export function useSendReport() {
  return useMutation({
    mutationFn: (input: ReportInput) =>
      call<typeof routes.reports.create>('POST /api/reports', { body: input }),
  });
}

export function useReportQueue() {
  return useQuery({
    queryKey: reportKeys.queue,
    queryFn: ({ signal }) => call<typeof routes.reports.queue>('GET /api/reports', { signal }),
  });
}

export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: string;
}

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
  useQueueAction((target: ReportTarget) =>
    call<typeof routes.reports.dismiss>('POST /api/reports/:targetType/:targetId/dismiss', {
      params: target,
    }),
  );

export const useRemoveReported = () =>
  useQueueAction(
    ({
      input,
      ...target
    }: {
      targetType: RemovableTargetType;
      targetId: string;
      input: RemovalInput;
    }) =>
      call<typeof routes.reports.remove>('POST /api/reports/:targetType/:targetId/remove', {
        params: target,
        body: input,
      }),
  );

export const useBanFromReports = () =>
  useQueueAction(
    ({ reason, ...target }: ReportTarget & { reason: string }) =>
      call<typeof routes.reports.ban>('POST /api/reports/:targetType/:targetId/ban', {
        params: target,
        body: { reason },
      }),
    true,
  );
