/** The replies of one status update (oldest first), each answerable, and the reply composer. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { limits, type StatusReply, type StatusUpdate } from '@atelier/shared';
import { useConfirm, useSnackbar } from '../../app/feedback/context.ts';
import {
  useCreateStatusReply,
  useDeleteStatusReply,
  useStatusReplies,
  useUpdateStatusReply,
} from '../../api/statusUpdates.ts';
import { AuthorLine } from '../AuthorLine.tsx';
import { ItemActions, ActionButton } from '../ItemActions.tsx';
import { translateError } from '../errors.ts';
import { isApiError } from '../../api/client.ts';
import { ReplyQuote } from '../conversation/ReplyQuote.tsx';
import { TextComposer } from '../conversation/TextComposer.tsx';
import { useCanManage } from '../useCanManage.ts';

function StatusReplyItem({
  reply,
  onReply,
}: {
  reply: StatusReply;
  onReply: (reply: StatusReply) => void;
}) {
  const { t } = useTranslation();
  const canManage = useCanManage(reply.author);
  const [editing, setEditing] = useState(false);
  const update = useUpdateStatusReply();
  const remove = useDeleteStatusReply();
  const confirm = useConfirm();
  const snackbar = useSnackbar();

  const onDelete = async () => {
    const ok = await confirm({
      title: t('status.deleteReplyTitle'),
      message: t('status.deleteReplyConfirm'),
      confirmText: t('status.delete'),
      confirmColor: 'error',
    });
    if (!ok) return;
    remove.mutate(reply.id, {
      onSuccess: () => snackbar({ message: t('status.replyDeleted'), color: 'success' }),
      onError: (err) =>
        snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' }),
    });
  };

  return (
    <Stack component="li" spacing={0.75} data-testid="status-reply" sx={{ listStyle: 'none' }}>
      <AuthorLine author={reply.author} timestamp={reply.timestamp} edition={reply} size="small" />
      <ReplyQuote author={reply.replyingTo.author} text={reply.replyingTo.content} ns="status" />
      {editing ? (
        <TextComposer
          label={t('status.editReplyLabel')}
          max={limits.statusMax}
          tooLongKey="errors.statusTooLong"
          submitLabel={t('status.save')}
          initial={reply.content}
          keepAfterSubmit
          focusOnMount
          onCancel={() => setEditing(false)}
          onSubmit={async (content) => {
            await update.mutateAsync({ id: reply.id, content });
            setEditing(false);
          }}
        />
      ) : (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {reply.content}
        </Typography>
      )}
      <ItemActions
        target="statusReply"
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
          aria-label={t('status.replyTo', { username: reply.author.username })}
        >
          {t('status.reply')}
        </ActionButton>
      </ItemActions>
    </Stack>
  );
}

export function StatusReplies({ update }: { update: StatusUpdate }) {
  const { t } = useTranslation();
  const replies = useStatusReplies(update.id, true);
  const create = useCreateStatusReply();
  const [replyTo, setReplyTo] = useState<StatusReply | null>(null);
  const target = replyTo ? replyTo.author : update.author;

  return (
    <Stack spacing={2} sx={{ pl: { xs: 1.5, sm: 2 }, borderLeft: 2, borderColor: 'divider' }}>
      {replies.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      ) : replies.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void replies.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {translateError(t, isApiError(replies.error) ? replies.error.code : null)}
        </Alert>
      ) : replies.data.length > 0 ? (
        <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }} aria-label={t('status.repliesList')}>
          {replies.data.map((reply) => (
            <StatusReplyItem key={reply.id} reply={reply} onReply={setReplyTo} />
          ))}
        </Stack>
      ) : null}
      <TextComposer
        key={replyTo?.id ?? 'status'}
        label={t('status.replyLabel', { username: target.username })}
        max={limits.statusMax}
        tooLongKey="errors.statusTooLong"
        submitLabel={t('status.sendReply')}
        minRows={1}
        focusOnMount={replyTo !== null}
        onCancel={replyTo ? () => setReplyTo(null) : undefined}
        onSubmit={async (content) => {
          await create.mutateAsync({
            parentId: update.id,
            input: { content, replyToId: replyTo?.id ?? null },
          });
          setReplyTo(null);
        }}
      />
    </Stack>
  );
}
