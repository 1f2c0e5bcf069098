/**
 * One comment: author line, Markdown body (or "[deleted]"), like, reply, edit and delete for its
 * author or a moderator; its replies nested below with their quotes (the first `replyStep`, the
 * rest behind "Show N more replies" unless a link points at one of them), and the reply composer.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { limits, type Comment, type CommentReply, type PublicUser } from '@atelier/shared';
import { useConfirm, useSnackbar } from '../../../app/feedback/context.ts';
import { isApiError } from '../../../api/client.ts';
import {
  useCreateCommentReply,
  useDeleteComment,
  useUpdateComment,
} from '../../../api/comments.ts';
import { AuthorLine } from '../../../components/AuthorLine.tsx';
import { ItemActions, ActionButton } from '../../../components/ItemActions.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import { translateError } from '../../../components/errors.ts';
import { TextComposer } from '../../../components/conversation/TextComposer.tsx';
import { useCanManage } from '../../../components/useCanManage.ts';
import { CommentReplyItem } from './CommentReplyItem.tsx';
import { replyStep } from './threadWindow.ts';

interface ReplyTarget {
  replyId: string | null;
  author: PublicUser;
}

export function CommentItem({
  comment,
  showAllReplies = false,
}: {
  comment: Comment;
  /** Render every reply at once (a link points at one of them). */
  showAllReplies?: boolean;
}) {
  const { t } = useTranslation();
  const repliesId = useId();
  const canManage = useCanManage(comment.author);
  const [editing, setEditing] = useState(false);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [expanded, setExpanded] = useState(false);
  const allReplies = expanded || showAllReplies || comment.replies.length <= replyStep;
  const replies = allReplies ? comment.replies : comment.replies.slice(0, replyStep);
  const hiddenReplies = comment.replies.length - replies.length;
  const update = useUpdateComment(comment.postId);
  const remove = useDeleteComment(comment.postId);
  const createReply = useCreateCommentReply(comment.postId);
  const confirm = useConfirm();
  const snackbar = useSnackbar();

  const onDelete = async () => {
    const ok = await confirm({
      title: t('comments.deleteTitle'),
      message: t('comments.deleteConfirm'),
      confirmText: t('comments.delete'),
      confirmColor: 'error',
    });
    if (!ok) return;
    remove.mutate(comment.id, {
      onSuccess: () => snackbar({ message: t('comments.deleted'), color: 'success' }),
      onError: (err) =>
        snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' }),
    });
  };

  const answer = (reply: CommentReply) => setReplyTo({ replyId: reply.id, author: reply.author });
  const author = comment.author;

  return (
    <Stack
      component="li"
      id={`comment-${comment.id}`}
      spacing={1}
      data-testid="comment"
      sx={{ listStyle: 'none', minWidth: 0 }}
    >
      <AuthorLine
        author={comment.deleted ? null : author}
        timestamp={comment.createdAt}
        edition={comment.deleted ? undefined : comment}
      />
      {comment.deleted || !author ? (
        <Typography
          color="text.secondary"
          sx={{ fontStyle: 'italic' }}
          data-testid="comment-deleted"
        >
          {t('comments.deletedBody')}
        </Typography>
      ) : editing ? (
        <TextComposer
          label={t('comments.editLabel')}
          max={limits.commentMax}
          tooLongKey="errors.commentTooLong"
          submitLabel={t('comments.save')}
          hint={t('comments.markdownHint')}
          initial={comment.body}
          keepAfterSubmit
          focusOnMount
          minRows={3}
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await update.mutateAsync({ id: comment.id, body });
            setEditing(false);
          }}
        />
      ) : (
        <Markdown>{comment.body}</Markdown>
      )}
      {comment.deleted || !author ? null : (
        <ItemActions
          target="comment"
          item={{ ...comment, author }}
          manage={
            canManage && !editing
              ? {
                  onEdit: () => setEditing(true),
                  onDelete: () => void onDelete(),
                  deleting: remove.isPending,
                }
              : null
          }
        >
          <ActionButton
            onClick={() => setReplyTo({ replyId: null, author })}
            aria-label={t('comments.replyTo', { username: author.username })}
          >
            {t('comments.reply')}
          </ActionButton>
        </ItemActions>
      )}
      {comment.replies.length > 0 || replyTo ? (
        <Stack spacing={2} sx={{ pl: { xs: 1.5, sm: 2.5 }, borderLeft: 2, borderColor: 'divider' }}>
          {comment.replies.length > 0 ? (
            <Stack
              component="ul"
              id={repliesId}
              spacing={2}
              sx={{ m: 0, p: 0 }}
              aria-label={t('comments.repliesList')}
            >
              {replies.map((reply) => (
                <CommentReplyItem key={reply.id} reply={reply} onReply={answer} />
              ))}
            </Stack>
          ) : null}
          {hiddenReplies > 0 ? (
            <div>
              <Button
                size="small"
                aria-controls={repliesId}
                aria-expanded={false}
                onClick={() => setExpanded(true)}
              >
                {t('comments.showMoreReplies', { count: hiddenReplies })}
              </Button>
            </div>
          ) : null}
          {replyTo ? (
            <TextComposer
              key={replyTo.replyId ?? 'comment'}
              label={t('comments.replyLabel', { username: replyTo.author.username })}
              max={limits.commentMax}
              tooLongKey="errors.commentTooLong"
              submitLabel={t('comments.sendReply')}
              hint={t('comments.markdownHint')}
              focusOnMount
              onCancel={() => setReplyTo(null)}
              onSubmit={async (body) => {
                await createReply.mutateAsync({
                  commentId: comment.id,
                  input: { body, replyToId: replyTo.replyId },
                });
                // The new reply comes last: show them all so it is in view.
                setExpanded(true);
                setReplyTo(null);
              }}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
