/**
 * Reports: sending one (any user with access) and the moderators' queue with its actions. Every
 * action changes the queue, so it refetches it, even after a failure (another moderator may have
 * handled the report first); a ban also changes the banned list.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  RemovableTargetType,
  RemovalInput,
  ReportInput,
  ReportTargetType,
} from '@atelier/shared';
import { queryKeys } from './keys.ts';
import { routeQuery, useRouteMutation } from './route.ts';

export const reportKeys = { queue: ['reports'] as const };

export function useSendReport() {
  return useRouteMutation('POST /api/reports', (input: ReportInput) => ({ body: input }));
}

export function useReportQueue() {
  return useQuery(routeQuery(reportKeys.queue, 'GET /api/reports'));
}

export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: string;
}

export const useDismissReports = () =>
  useRouteMutation(
    'POST /api/reports/:targetType/:targetId/dismiss',
    (target: ReportTarget) => ({ params: target }),
    { invalidatesSettled: [reportKeys.queue] },
  );

export const useRemoveReported = () =>
  useRouteMutation(
    'POST /api/reports/:targetType/:targetId/remove',
    ({
      input,
      ...target
    }: {
      targetType: RemovableTargetType;
      targetId: string;
      input: RemovalInput;
    }) => ({ params: target, body: input }),
    { invalidatesSettled: [reportKeys.queue] },
  );

export const useBanFromReports = () =>
  useRouteMutation(
    'POST /api/reports/:targetType/:targetId/ban',
    ({ reason, ...target }: ReportTarget & { reason: string }) => ({
      params: target,
      body: { reason },
    }),
    { invalidatesSettled: [reportKeys.queue, queryKeys.bannedUsers] },
  );
