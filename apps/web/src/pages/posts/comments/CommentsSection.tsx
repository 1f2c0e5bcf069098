/**
 * The comments under a post: the composer, then the comments oldest first, rendered a window at a
 * time (threadWindow.ts) with "Load more comments"; a `#comment-…` / `#reply-…` link loads pages
 * until its target is there and widens the window to it.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.tsx';
import { useLocation } from 'react-router';
import { useSnackbar } from '../../../app/feedback/context.ts';
import shell from '../../../app/shell/shell.module.css';
import { useComments, useCreateComment } from '../../../api/comments.ts';
import { usePost } from '../../../api/posts.ts';
import { ButtonSpinner } from '../../../components/ButtonSpinner.tsx';
import item from '../../../components/item.module.css';
import { Notice } from '../../../components/Notice.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { ConversationComposer } from '../../../components/conversation/ConversationComposer.tsx';
import { CommentItem } from './CommentItem.tsx';
import { ThreadMutationsContext, useThreadMutations } from './threadMutations.ts';
import { useAutoLoad } from '../../../components/useAutoLoad.ts';
import { useIncremental } from '../../../components/useIncremental.ts';
import css from './CommentsSection.module.css';
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
  const loadMoreId = useId();
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
      <div className={css.list}>
        {items.length === 0 ? (
          <p className={`${item.body1} ${item.secondary}`}>{t('comments.empty')}</p>
        ) : (
          <ThreadMutationsContext.Provider value={thread}>
            <ul className={css.comments}>
              {items.slice(0, rendered).map((comment, i) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  showAllReplies={i === index && target?.kind === 'reply'}
                />
              ))}
            </ul>
          </ThreadMutationsContext.Provider>
        )}
        {rendered < count ? (
          <div ref={renderRest} aria-hidden />
        ) : count < items.length || hasNextPage ? (
          <div className={css.more}>
            <button
              type="button"
              id={loadMoreId}
              className={`${shell.outlinedMedium} ${isFetchingNextPage ? shell.loading : ''}`}
              onClick={showMore}
              disabled={isFetchingNextPage}
            >
              {t('comments.loadMore')}
              {isFetchingNextPage ? <ButtonSpinner labelledBy={loadMoreId} /> : null}
            </button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="comments-section">
      <div className={css.heading}>
        <h2 id={headingId} className={item.h6}>
          {t('comments.title')}
        </h2>
        {commentCount !== undefined ? (
          <p className={`${item.body2} ${item.secondary}`}>
            {t('comments.count', { count: commentCount })}
          </p>
        ) : null}
      </div>
      {closed ? (
        <Notice severity="info">{t('comments.closedRemoved')}</Notice>
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
    </section>
  );
}
