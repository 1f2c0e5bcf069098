/** One reply under a comment: author line, the "replying to" quote, Markdown body, actions. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { limits, type CommentReply } from '@atelier/shared';
import { useConfirm, useSnackbar } from '../../../app/feedback/context.ts';
import { isApiError } from '../../../api/client.ts';
import { useDeleteCommentReply, useUpdateCommentReply } from '../../../api/comments.ts';
import { AuthorLine } from '../../../components/AuthorLine.tsx';
import { ItemActions, ActionButton } from '../../../components/ItemActions.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import { translateError } from '../../../components/errors.ts';
import { ReplyQuote } from '../../../components/conversation/ReplyQuote.tsx';
import { TextComposer } from '../../../components/conversation/TextComposer.tsx';
import { useCanManage } from '../../../components/useCanManage.ts';

export function CommentReplyItem({
  reply,
  onReply,
}: {
  reply: CommentReply;
  onReply: (reply: CommentReply) => void;
}) {
  const { t } = useTranslation();
  const canManage = useCanManage(reply.author);
  const [editing, setEditing] = useState(false);
  const update = useUpdateCommentReply(reply.postId);
  const remove = useDeleteCommentReply(reply.postId);
  const confirm = useConfirm();
  const snackbar = useSnackbar();

  const onDelete = async () => {
    const ok = await confirm({
      title: t('comments.deleteReplyTitle'),
      message: t('comments.deleteReplyConfirm'),
      confirmText: t('comments.delete'),
      confirmColor: 'error',
    });
    if (!ok) return;
    remove.mutate(reply.id, {
      onSuccess: () => snackbar({ message: t('comments.replyDeleted'), color: 'success' }),
      onError: (err) =>
        snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' }),
    });
  };

  return (
    <Stack
      component="li"
      id={`reply-${reply.id}`}
      spacing={0.75}
      data-testid="comment-reply"
      sx={{ listStyle: 'none', minWidth: 0 }}
    >
      <AuthorLine author={reply.author} timestamp={reply.createdAt} edition={reply} size="small" />
      <ReplyQuote author={reply.replyingTo.author} text={reply.replyingTo.excerpt} ns="comments" />
      {editing ? (
        <TextComposer
          label={t('comments.editReplyLabel')}
          max={limits.commentMax}
          tooLongKey="errors.commentTooLong"
          submitLabel={t('comments.save')}
          hint={t('comments.markdownHint')}
          initial={reply.body}
          keepAfterSubmit
          focusOnMount
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await update.mutateAsync({ id: reply.id, body });
            setEditing(false);
          }}
        />
      ) : (
        <Markdown>{reply.body}</Markdown>
      )}
      <ItemActions
        target="commentReply"
        item={reply}
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
          onClick={() => onReply(reply)}
          aria-label={t('comments.replyTo', { username: reply.author.username })}
        >
          {t('comments.reply')}
        </ActionButton>
      </ItemActions>
    </Stack>
  );
}
