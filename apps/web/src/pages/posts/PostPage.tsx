/**
 * /posts/:postId — one route file for three screens: /posts/new?section=… (new post),
 * /posts/:id?edit=1 (edit, author or moderator) and /posts/:id (the post).
 */
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { mayManage } from '@atelier/shared';
import { lazyWithRetry } from '../../app/lazyWithRetry.ts';
import { prefetchComments } from '../../api/comments.ts';
import { useCurrentUser } from '../../api/me.ts';
import { usePost } from '../../api/posts.ts';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useScrollToHash } from '../../app/live/useScrollToHash.ts';
import { useWatchPost } from '../../app/live/watchedPost.ts';
import { PostView } from './PostView.tsx';

/** The editor (forms, tag picker, uploads) is a chunk of its own: readers never download it. */
const PostEditor = lazy(
  lazyWithRetry(() => import('./PostEditor.tsx').then((m) => ({ default: m.PostEditor }))),
);

export default function PostPage() {
  const { t } = useTranslation();
  const postId = useParams().postId ?? '';
  const [params] = useSearchParams();
  const me = useCurrentUser();
  const isNew = postId === 'new';
  const post = usePost(isNew ? undefined : postId);
  useScrollToHash();
  useWatchPost(isNew ? undefined : postId);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isNew && postId) prefetchComments(queryClient, postId);
  }, [queryClient, isNew, postId]);

  if (!me) return <PageSpinner />;
  if (isNew) {
    const section = params.get('section') ?? '';
    return (
      <Page width="medium" title={t('editor.newTitle')}>
        <Suspense fallback={<PageSpinner />}>
          <PostEditor key={section} target={{ kind: 'new', section }} me={me} />
        </Suspense>
      </Page>
    );
  }
  if (post.isPending) return <PageSpinner />;
  if (post.isError) {
    return (
      <LoadFailedPage
        width="medium"
        error={post.error}
        title={t('pages.post.title')}
        notFound={{ title: t('post.notFound'), body: t('post.notFoundBody') }}
      />
    );
  }
  const mayEdit = mayManage(me, post.data.author.id);
  if (params.get('edit') === '1' && mayEdit) {
    return (
      <Page width="medium" title={t('editor.editTitle')}>
        <Suspense fallback={<PageSpinner />}>
          <PostEditor key={post.data.id} target={{ kind: 'edit', post: post.data }} me={me} />
        </Suspense>
      </Page>
    );
  }
  return <PostView post={post.data} me={me} />;
}
