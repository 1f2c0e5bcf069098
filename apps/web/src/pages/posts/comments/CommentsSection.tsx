/**
 * The comments under a post: the composer, then the comments oldest first, rendered a window at a
 * time (threadWindow.ts) with "Load more comments"; a `#comment-…` / `#reply-…` link loads pages
 * until its target is there and widens the window to it.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.tsx';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../app/feedback/context.ts';
import { useComments, useCreateComment } from '../../../api/comments.ts';
import { usePost } from '../../../api/posts.ts';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { ConversationComposer } from '../../../components/conversation/ConversationComposer.tsx';
import { CommentItem } from './CommentItem.tsx';
import { ThreadMutationsContext, useThreadMutations } from './threadMutations.ts';
import { useAutoLoad } from '../../../components/useAutoLoad.ts';
import { useIncremental } from '../../../components/useIncremental.ts';
import {
  atOnceCount,
  commentStep,
  renderedCount,
  targetIndex,
  targetOf,
  visibleCount,
} from './threadWindow.ts';

export function CommentsSection({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const comments = useComments(postId);
  // The post page holds this query already: its comment count (replies included) at no cost.
  const post = usePost(postId).data;
  const commentCount = post?.commentCount;
  // Nothing can be added under a removed post (the server answers 409): no composer, a note.
  const closed = post?.state === 'removed';
  const create = useCreateComment(postId);
  const thread = useThreadMutations(postId);
  const snackbar = useSnackbar();
  const [shown, setShown] = useState(commentStep);
  const target = targetOf(useLocation().hash);
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const index = targetIndex(items, target);
  const count = visibleCount(items.length, shown, index);
  // Without IntersectionObserver (old browsers), the whole window at once.
  const [renderAll, setRenderAll] = useState(() => typeof IntersectionObserver === 'undefined');
  // The first two comments (or up to a linked one) at once; the others, and what "Load more"
  // adds, two per task.
  const rendered = useIncremental(
    renderedCount(count, index, renderAll),
    2,
    atOnceCount(count, index),
  );
  const renderRest = useAutoLoad<HTMLDivElement>(
    () => setRenderAll(true),
    rendered < count,
    '800px 0px',
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments;
  // A link to a comment that is not loaded yet: fetch the next page until it is (or none is left).
  const missingTarget = target !== null && index < 0 && comments.isSuccess;
  useEffect(() => {
    if (missingTarget && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [missingTarget, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const showMore = () => {
    setShown(count + commentStep);
    if (count + commentStep > items.length && hasNextPage) void fetchNextPage();
  };

  let list;
  if (comments.isPending) {
    list = <PageSpinner />;
  } else if (comments.isError) {
    list = <QueryError error={comments.error} onRetry={() => void comments.refetch()} />;
  } else {
    list = (
      <Stack spacing={2}>
        {items.length === 0 ? (
          <Typography color="text.secondary">{t('comments.empty')}</Typography>
        ) : (
          <ThreadMutationsContext.Provider value={thread}>
            <Stack component="ul" spacing={3} sx={{ m: 0, p: 0 }}>
              {items.slice(0, rendered).map((comment, i) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  showAllReplies={i === index && target?.kind === 'reply'}
                />
              ))}
            </Stack>
          </ThreadMutationsContext.Provider>
        )}
        {rendered < count ? (
          <div ref={renderRest} aria-hidden />
        ) : count < items.length || hasNextPage ? (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button variant="outlined" onClick={showMore} loading={isFetchingNextPage}>
              {t('comments.loadMore')}
            </Button>
          </Box>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack
      component="section"
      spacing={2.5}
      aria-labelledby={headingId}
      data-testid="comments-section"
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('comments.title')}
        </Typography>
        {commentCount !== undefined ? (
          <Typography variant="body2" color="text.secondary">
            {t('comments.count', { count: commentCount })}
          </Typography>
        ) : null}
      </Stack>
      {closed ? (
        <Alert severity="info">{t('comments.closedRemoved')}</Alert>
      ) : (
        <ConversationComposer
          ns="comments"
          label={t('comments.composerLabel')}
          submitLabel={t('comments.submit')}
          minRows={3}
          onSubmit={async (body) => {
            await create.mutateAsync({ body });
            // The new comment comes last: show everything loaded so it is in view.
            setShown(Number.MAX_SAFE_INTEGER);
            setRenderAll(true);
            snackbar({ message: t('comments.posted'), color: 'success' });
          }}
        />
      )}
      {list}
    </Stack>
  );
}
