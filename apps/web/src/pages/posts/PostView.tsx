/**
 * A post: title, provenance and tools, tags, author line, the Markdown body, media, like button,
 * counts, History (once edited)/Edit/Delete for the author and moderators, then the comments. A removed post (only its
 * author and moderators can open it) says so with the reason. Plain elements with the look of the
 * MUI components it was (PostView.module.css, the buttons' sheet, Notice): the post page loads no
 * MUI until a dialog opens.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { formatCompactNumber, mayManage, type CurrentUser, type Post } from '@atelier/shared';
import { useConfirm, useSnackbar } from '../../app/feedback/context.ts';
import { useDeletePost, useRecordView } from '../../api/posts.ts';
import { useSections } from '../../api/sections.ts';
import { AuthorLine } from '../../components/AuthorLine.tsx';
import { translateError } from '../../components/errors.ts';
import { LikeButton } from '../../components/LikeButton.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { MaterialIcon, type MaterialIconName } from '../../components/MaterialIcon.tsx';
import { ButtonSpinner } from '../../components/ButtonSpinner.tsx';
import { Notice } from '../../components/Notice.tsx';
import { Page } from '../../components/Page.tsx';
import { ProvenanceBadge } from '../../components/ProvenanceBadge.tsx';
import { useLanguageCode } from '../../components/TagChips.tsx';
import { TagChips } from '../../components/TagChips.tsx';
import { isApiError } from '../../api/client.ts';
import { ReportButton } from '../../components/report/ReportButton.tsx';
import { deferredPart } from '../../components/AfterFirstPaint.tsx';
import shell from '../../app/shell/shell.module.css';
import buttons from '../../components/buttons.module.css';
import { MediaGallery } from './MediaGallery.tsx';
import css from './PostView.module.css';

/** Opened by the author or a moderator, now and then: its code loads when it is. */
const PostHistoryDialog = lazy(() =>
  import('./PostHistoryDialog.tsx').then((m) => ({ default: m.PostHistoryDialog })),
);
import { PostCreditsPanel, PostDerivatives } from './PostCreditsPanel.tsx';

/** The comments (their list and composer) come after the post has painted. */
const CommentsSection = deferredPart<{ postId: string }>(() =>
  import('./comments/CommentsSection.tsx').then((m) => ({ default: m.CommentsSection })),
);

/** Counts one view per opening of a post (the server keeps one per viewer per day). */
function useCountView(id: string) {
  const record = useRecordView();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === id) return;
    sent.current = id;
    record.mutate(id);
  }, [id, record]);
}

/** A count under the post (comments, views): the icon and the short number, named in full. */
function Stat({ icon, label, value }: { icon: MaterialIconName; label: string; value: string }) {
  return (
    <div className={css.stat} aria-label={label} role="img">
      <MaterialIcon name={icon} size="small" />
      <p className={css.statValue} aria-hidden>
        {value}
      </p>
    </div>
  );
}

/** The start icon of a small outlined button. */
function StartIcon({ name }: { name: MaterialIconName }) {
  return (
    <span className={buttons.startIcon}>
      <MaterialIcon name={name} size="inherit" />
    </span>
  );
}

/** Delete: while the post is being deleted, disabled with MUI's 16 px spinner in the middle. */
function DeleteButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const classes = [shell.outlinedSmallError, buttons.withStart, loading && shell.loading];
  return (
    <button
      type="button"
      id={id}
      className={classes.filter(Boolean).join(' ')}
      onClick={onClick}
      disabled={loading}
    >
      <StartIcon name="deleteOutline" />
      {t('post.delete')}
      {loading ? <ButtonSpinner labelledBy={id} /> : null}
    </button>
  );
}

export function PostView({ post, me }: { post: Post; me: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const lng = useLanguageCode();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const sections = useSections();
  const remove = useDeletePost(post.id);
  const [historyOpen, setHistoryOpen] = useState(false);
  useCountView(post.id);
  const section = sections.data?.find((s) => s.slug === post.section);
  const mayEdit = mayManage(me, post.author.id);
  const compact = (n: number) => formatCompactNumber(n, i18n.resolvedLanguage ?? 'en');

  const onDelete = async () => {
    const ok = await confirm({
      title: t('post.deleteTitle'),
      message: t('post.deleteMessage', { title: post.title }),
      confirmText: t('post.delete'),
      confirmColor: 'error',
    });
    if (!ok) return;
    // Awaited, not `mutate`'s callbacks: those are dropped when this view unmounts first, as it
    // does when the post's live push (the deletion itself) refetches it and the page shows "not
    // found" before the answer to the DELETE has come — the page then stayed there.
    try {
      await remove.mutateAsync();
    } catch (err) {
      snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' });
      return;
    }
    snackbar({ message: t('post.deleted'), color: 'success' });
    void navigate(`/sections/${post.section}`, { replace: true });
  };

  return (
    <Page
      width="medium"
      title={post.title}
      intro={
        section ? (
          <AppLink className={css.sectionLink} to={`/sections/${section.slug}`}>
            {section.name[lng] || section.name.en}
          </AppLink>
        ) : (
          // Its line kept while the sections load: the post's head does not move down (CLS).
          <span className={css.sectionLink} aria-hidden>
            {'\u00a0'}
          </span>
        )
      }
    >
      {post.state === 'removed' ? (
        <Notice severity="warning" title={t('post.removedTitle')}>
          {post.removal
            ? t('post.removedReason', {
                reason:
                  post.removal.reason === 'other' && post.removal.otherReason
                    ? post.removal.otherReason
                    : t(`post.removalReasons.${post.removal.reason}`, {
                        defaultValue: post.removal.reason,
                      }),
              })
            : t('post.removedNoReason')}
        </Notice>
      ) : null}

      <div className={css.head}>
        <AuthorLine author={post.author} timestamp={post.createdAt} edition={post} />
        <div className={css.provenance}>
          <ProvenanceBadge provenance={post.provenance} tools={post.tools} size="medium" />
          {post.tools ? (
            <p className={css.secondary}>{t('provenance.toolsUsed', { tools: post.tools })}</p>
          ) : null}
        </div>
        <TagChips ids={post.tags} section={post.section} />
      </div>

      <PostCreditsPanel postId={post.id} />

      <MediaGallery media={post.media} title={post.title} />

      {post.bodyHtml ? <Markdown html={post.bodyHtml} /> : null}

      <div className={css.actions}>
        <LikeButton
          target="post"
          id={post.id}
          liked={post.liked}
          likeCount={post.likeCount}
          size="medium"
        />
        <Stat
          icon="chatBubbleOutline"
          label={t('post.comments', { count: post.commentCount })}
          value={compact(post.commentCount)}
        />
        <Stat
          icon="visibilityOutlined"
          label={t('post.views', { count: post.viewCount })}
          value={compact(post.viewCount)}
        />
        {mayEdit ? (
          <div className={css.manage}>
            {post.editionCount > 0 ? (
              <button
                type="button"
                className={`${shell.outlinedSmall} ${buttons.withStart}`}
                onClick={() => setHistoryOpen(true)}
              >
                <StartIcon name="history" />
                {t('history.open')}
              </button>
            ) : null}
            <AppLink
              className={`${shell.outlinedSmall} ${buttons.withStart}`}
              to={`/posts/${post.id}?edit=1`}
            >
              <StartIcon name="editOutlined" />
              {t('post.edit')}
            </AppLink>
            <DeleteButton loading={remove.isPending} onClick={() => void onDelete()} />
          </div>
        ) : null}
        <ReportButton
          targetType="post"
          targetId={post.id}
          authorId={post.author.id}
          authorName={post.author.username}
          summary={post.title}
          variant="outlined"
        />
      </div>

      {mayEdit && historyOpen ? (
        <Suspense fallback={null}>
          <PostHistoryDialog
            postId={post.id}
            open={historyOpen}
            onClose={() => setHistoryOpen(false)}
          />
        </Suspense>
      ) : null}

      <PostDerivatives postId={post.id} />

      <hr className={css.divider} />
      <CommentsSection postId={post.id} />
    </Page>
  );
}
