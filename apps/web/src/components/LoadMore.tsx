/**
 * "Load more" under a paged list (an infinite query): the next page loads as the button scrolls
 * into view; the button stays for keyboards and old browsers. Nothing when no page is left.
 */
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
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

/**
 * A plain "Load more" button (no loading as it scrolls into view): disabled while the next page
 * loads. Nothing when no page is left.
 */
export function LoadMoreButton({
  query,
  label,
  variant = 'outlined',
  sx = { textAlign: 'center' },
}: {
  query: PagedQuery;
  label: string;
  variant?: ButtonProps['variant'];
  sx?: SxProps<Theme>;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Box sx={sx}>
      <Button
        variant={variant}
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {label}
      </Button>
    </Box>
  );
}
