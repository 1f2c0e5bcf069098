/**
 * A post: title, provenance and tools, tags, author line, the Markdown body, media, like button,
 * counts, History (once edited)/Edit/Delete for the author and moderators, then the comments. A removed post (only its
 * author and moderators can open it) says so with the reason.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { formatCompactNumber, mayManage, type CurrentUser, type Post } from '@atelier/shared';
import { useConfirm, useSnackbar } from '../../app/feedback/context.ts';
import { useDeletePost, useRecordView } from '../../api/posts.ts';
import { useSections } from '../../api/sections.ts';
import { AuthorLine } from '../../components/AuthorLine.tsx';
import { translateError } from '../../components/errors.ts';
import { LikeButton } from '../../components/LikeButton.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { Page } from '../../components/Page.tsx';
import { ProvenanceBadge } from '../../components/ProvenanceBadge.tsx';
import { useLanguageCode } from '../../components/TagChips.tsx';
import { TagChips } from '../../components/TagChips.tsx';
import { isApiError } from '../../api/client.ts';
import { ReportButton } from '../../components/report/ReportButton.tsx';
import { deferredPart } from '../../components/AfterFirstPaint.tsx';
import { MediaGallery } from './MediaGallery.tsx';

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
function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: 'text.secondary' }}
      aria-label={label}
      role="img"
    >
      {icon}
      <Typography variant="body2" aria-hidden>
        {value}
      </Typography>
    </Stack>
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
    remove.mutate(undefined, {
      onSuccess: () => {
        snackbar({ message: t('post.deleted'), color: 'success' });
        void navigate(`/sections/${post.section}`, { replace: true });
      },
      onError: (err) =>
        snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' }),
    });
  };

  return (
    <Page
      width="medium"
      title={post.title}
      intro={
        section ? (
          <Link
            component={RouterLink}
            to={`/sections/${section.slug}`}
            underline="hover"
            variant="body2"
          >
            {section.name[lng] || section.name.en}
          </Link>
        ) : null
      }
    >
      {post.state === 'removed' ? (
        <Alert severity="warning">
          <AlertTitle>{t('post.removedTitle')}</AlertTitle>
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
        </Alert>
      ) : null}

      <Stack spacing={1.5}>
        <AuthorLine author={post.author} timestamp={post.createdAt} edition={post} />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <ProvenanceBadge provenance={post.provenance} tools={post.tools} size="medium" />
          {post.tools ? (
            <Typography variant="body2" color="text.secondary">
              {t('provenance.toolsUsed', { tools: post.tools })}
            </Typography>
          ) : null}
        </Stack>
        <TagChips ids={post.tags} section={post.section} />
      </Stack>

      <PostCreditsPanel postId={post.id} />

      <MediaGallery media={post.media} title={post.title} />

      {post.bodyHtml ? <Markdown html={post.bodyHtml} /> : null}

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <LikeButton
          target="post"
          id={post.id}
          liked={post.liked}
          likeCount={post.likeCount}
          size="medium"
        />
        <Stat
          icon={<ChatBubbleOutlineIcon fontSize="small" />}
          label={t('post.comments', { count: post.commentCount })}
          value={compact(post.commentCount)}
        />
        <Stat
          icon={<VisibilityOutlinedIcon fontSize="small" />}
          label={t('post.views', { count: post.viewCount })}
          value={compact(post.viewCount)}
        />
        {mayEdit ? (
          <Stack direction="row" sx={{ ml: { sm: 'auto' }, flexWrap: 'wrap', gap: 1 }}>
            {post.editionCount > 0 ? (
              <Button
                onClick={() => setHistoryOpen(true)}
                startIcon={<HistoryIcon />}
                variant="outlined"
                size="small"
              >
                {t('history.open')}
              </Button>
            ) : null}
            <Button
              component={RouterLink}
              to={`/posts/${post.id}?edit=1`}
              startIcon={<EditOutlinedIcon />}
              variant="outlined"
              size="small"
            >
              {t('post.edit')}
            </Button>
            <Button
              onClick={() => void onDelete()}
              startIcon={<DeleteOutlineIcon />}
              color="error"
              variant="outlined"
              size="small"
              loading={remove.isPending}
            >
              {t('post.delete')}
            </Button>
          </Stack>
        ) : null}
        <ReportButton
          targetType="post"
          targetId={post.id}
          authorId={post.author.id}
          authorName={post.author.username}
          summary={post.title}
          variant="outlined"
        />
      </Stack>

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

      <Divider />
      <CommentsSection postId={post.id} />
    </Page>
  );
}
