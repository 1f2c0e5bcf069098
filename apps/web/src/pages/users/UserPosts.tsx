/** A user's posts, newest first, with "Load more". */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../api/client.ts';
import { useUserPosts } from '../../api/profiles.ts';
import { translateError } from '../../components/errors.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useAutoLoad } from '../../components/useAutoLoad.ts';
import { PostCard } from '../../components/PostCard.tsx';

export function UserPosts({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const posts = useUserPosts(userId);
  const loadMore = () => {
    if (posts.hasNextPage && !posts.isFetchingNextPage) void posts.fetchNextPage();
  };
  // The list loads on as the button scrolls into view; the button stays for keyboards and old browsers.
  const sentinel = useAutoLoad<HTMLDivElement>(
    loadMore,
    posts.hasNextPage && !posts.isFetchingNextPage,
  );
  if (posts.isPending) return <PageSpinner />;
  if (posts.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void posts.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {translateError(t, isApiError(posts.error) ? posts.error.code : null)}
      </Alert>
    );
  }
  const items = posts.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return <Typography color="text.secondary">{t('profile.noPosts')}</Typography>;
  return (
    <Stack spacing={2}>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </Stack>
      {posts.hasNextPage ? (
        <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button variant="outlined" onClick={loadMore} loading={posts.isFetchingNextPage}>
            {t('profile.loadMore')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
