/**
 * One status update: author line, content as plain text (line breaks kept), like, the reply count
 * that opens the replies and their composer, and edit/delete for its author or a moderator.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import { formatCompactNumber, limits, type StatusUpdate } from '@atelier/shared';
import { useConfirm, useSnackbar } from '../../app/feedback/context.ts';
import { isApiError } from '../../api/client.ts';
import { useDeleteStatusUpdate, useUpdateStatusUpdate } from '../../api/statusUpdates.ts';
import { AuthorLine } from '../AuthorLine.tsx';
import { ItemActions } from '../ItemActions.tsx';
import { translateError } from '../errors.ts';
import { StatusReplies } from './StatusReplies.tsx';
import { TextComposer } from '../conversation/TextComposer.tsx';
import { useCanManage } from '../useCanManage.ts';

export function StatusUpdateCard({ update }: { update: StatusUpdate }) {
  const { t, i18n } = useTranslation();
  const repliesId = useId();
  const canManage = useCanManage(update.author);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const edit = useUpdateStatusUpdate();
  const remove = useDeleteStatusUpdate();
  const confirm = useConfirm();
  const snackbar = useSnackbar();

  const onDelete = async () => {
    const ok = await confirm({
      title: t('status.deleteTitle'),
      message: t('status.deleteConfirm'),
      confirmText: t('status.delete'),
      confirmColor: 'error',
    });
    if (!ok) return;
    remove.mutate(update.id, {
      onSuccess: () => snackbar({ message: t('status.deleted'), color: 'success' }),
      onError: (err) =>
        snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' }),
    });
  };

  return (
    <Card variant="outlined" component="article" data-testid="status-update">
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Stack spacing={1.25}>
          <AuthorLine author={update.author} timestamp={update.timestamp} edition={update} />
          {editing ? (
            <TextComposer
              label={t('status.editLabel')}
              max={limits.statusMax}
              tooLongKey="errors.statusTooLong"
              submitLabel={t('status.save')}
              initial={update.content}
              keepAfterSubmit
              focusOnMount
              onCancel={() => setEditing(false)}
              onSubmit={async (content) => {
                await edit.mutateAsync({ id: update.id, content });
                setEditing(false);
              }}
            />
          ) : (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {update.content}
            </Typography>
          )}
          <ItemActions
            target="statusUpdate"
            item={update}
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
            <Button
              size="small"
              color="inherit"
              startIcon={<ChatBubbleOutlineIcon />}
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-controls={open ? repliesId : undefined}
              aria-label={t(open ? 'status.hideReplies' : 'status.showReplies', {
                count: update.replyCount,
              })}
              sx={{ color: 'text.secondary', minWidth: 0 }}
            >
              {formatCompactNumber(update.replyCount, i18n.resolvedLanguage ?? 'en')}
            </Button>
          </ItemActions>
          {open ? (
            <div id={repliesId}>
              <StatusReplies update={update} />
            </div>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
