/** /reports (moderators): the open reports grouped by target, then possible ban evasion. */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportQueue } from '@atelier/shared';
import { useReportQueue } from '../../api/reports.ts';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { BanEvasionList } from './BanEvasionList.tsx';
import { ReportGroupCard } from './ReportGroupCard.tsx';

export function ReportsView({ queue }: { queue: ReportQueue }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={4}>
      <Stack spacing={2} component="section" aria-label={t('reports.queueLabel')}>
        {queue.groups.length === 0 ? (
          <Typography color="text.secondary">{t('reports.empty')}</Typography>
        ) : (
          queue.groups.map((group) => (
            <ReportGroupCard key={`${group.targetType}-${group.targetId}`} group={group} />
          ))
        )}
      </Stack>
      <BanEvasionList signals={queue.banEvasion} />
    </Stack>
  );
}

export default function ReportsPage() {
  const { t } = useTranslation();
  const queue = useReportQueue();
  const count = queue.data?.groups.length ?? 0;
  const intro = count > 0 ? t('reports.intro', { count }) : undefined;
  return (
    <Page title={t('reports.title')} intro={intro}>
      {queue.isPending ? (
        <PageSpinner />
      ) : queue.isError ? (
        <QueryError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <ReportsView queue={queue.data} />
      )}
    </Page>
  );
}
