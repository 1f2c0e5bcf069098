/**
 * "Load more" under a paged list (an infinite query): the next page loads as the button scrolls
 * into view; the button stays for keyboards and old browsers. Nothing when no page is left.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAutoLoad } from './useAutoLoad.ts';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMore({ query, label }: { query: PagedQuery; label: string }) {
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  const sentinel = useAutoLoad<HTMLDivElement>(
    loadMore,
    query.hasNextPage && !query.isFetchingNextPage,
  );
  if (!query.hasNextPage) return null;
  return (
    <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center' }}>
      <Button variant="outlined" onClick={loadMore} loading={query.isFetchingNextPage}>
        {label}
      </Button>
    </Box>
  );
}
