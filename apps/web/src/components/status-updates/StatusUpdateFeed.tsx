/** Status updates page by page (all, or one author's), with "Load more". */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Stack from '@mui/material/Stack';
import { useStatusUpdates } from '../../api/statusUpdates.ts';
import { LoadMore } from '../LoadMore.tsx';
import { PageSpinner } from '../PageSpinner.tsx';
import { QueryError } from '../QueryError.tsx';
import { StatusUpdateList } from './StatusUpdateList.tsx';

export function StatusUpdateFeed({ author }: { author: string | null }) {
  const { t } = useTranslation();
  const feed = useStatusUpdates(author);
  if (feed.isPending) return <PageSpinner />;
  if (feed.isError) return <QueryError error={feed.error} onRetry={() => void feed.refetch()} />;
  const items = feed.data.pages.flatMap((page) => page.items);
  return (
    <Stack spacing={2}>
      <StatusUpdateList items={items} />
      <LoadMore query={feed} label={t('status.loadMore')} />
    </Stack>
  );
}
