/** A user's posts, newest first, with "Load more". */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useUserPosts } from '../../api/profiles.ts';
import { LoadMore } from '../../components/LoadMore.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { PostCard } from '../../components/PostCard.tsx';
import { QueryError } from '../../components/QueryError.tsx';

export function UserPosts({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const posts = useUserPosts(userId);
  if (posts.isPending) return <PageSpinner />;
  if (posts.isError) return <QueryError error={posts.error} onRetry={() => void posts.refetch()} />;
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
      <LoadMore query={posts} label={t('profile.loadMore')} />
    </Stack>
  );
}
