/**
 * One status update: author line, content as plain text (line breaks kept), like, the reply count
 * that opens the replies and their composer, and edit/delete for its author or a moderator.
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import { formatCompactNumber, type StatusUpdate } from '@atelier/shared';
import { useDeleteStatusUpdate, useUpdateStatusUpdate } from '../../api/statusUpdates.ts';
import { ConversationItem } from '../conversation/ConversationItem.tsx';
import { StatusReplies } from './StatusReplies.tsx';

export function StatusUpdateCard({ update }: { update: StatusUpdate }) {
  const { t, i18n } = useTranslation();
  const repliesId = useId();
  const [open, setOpen] = useState(false);
  const edit = useUpdateStatusUpdate();
  const remove = useDeleteStatusUpdate();

  return (
    <Card variant="outlined" component="article" data-testid="status-update">
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <ConversationItem
          target="statusUpdate"
          item={update}
          save={(content) => edit.mutateAsync({ id: update.id, content })}
          remove={remove}
          action={
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
          }
        >
          {open ? (
            <div id={repliesId}>
              <StatusReplies update={update} />
            </div>
          ) : null}
        </ConversationItem>
      </CardContent>
    </Card>
  );
}
