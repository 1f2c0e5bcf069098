/** Status updates page by page (all, or one author's), with "Load more". */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { isApiError } from '../../api/client.ts';
import { useStatusUpdates } from '../../api/statusUpdates.ts';
import { translateError } from '../errors.ts';
import { PageSpinner } from '../PageSpinner.tsx';
import { useAutoLoad } from '../useAutoLoad.ts';
import { StatusUpdateList } from './StatusUpdateList.tsx';

export function StatusUpdateFeed({ author }: { author: string | null }) {
  const { t } = useTranslation();
  const feed = useStatusUpdates(author);
  const loadMore = () => {
    if (feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
  };
  // The list loads on as the button scrolls into view; the button stays for keyboards and old browsers.
  const sentinel = useAutoLoad<HTMLDivElement>(
    loadMore,
    feed.hasNextPage && !feed.isFetchingNextPage,
  );
  if (feed.isPending) return <PageSpinner />;
  if (feed.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void feed.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {translateError(t, isApiError(feed.error) ? feed.error.code : null)}
      </Alert>
    );
  }
  const items = feed.data.pages.flatMap((page) => page.items);
  return (
    <Stack spacing={2}>
      <StatusUpdateList items={items} />
      {feed.hasNextPage ? (
        <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button variant="outlined" onClick={loadMore} loading={feed.isFetchingNextPage}>
            {t('status.loadMore')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
