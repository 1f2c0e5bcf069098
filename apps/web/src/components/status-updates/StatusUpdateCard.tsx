/**
 * One status update: author line, content as plain text (line breaks kept), like, the reply count
 * that opens the replies and their composer, and edit/delete for its author or a moderator.
 */
import { memo, useId, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { formatCompactNumber, type StatusUpdate } from '@atelier/shared';
import { useDeleteStatusUpdate, useUpdateStatusUpdate } from '../../api/statusUpdates.ts';
import { ConversationItem } from '../conversation/ConversationItem.tsx';
import { ActionButton } from '../ItemActions.tsx';
import { PlainIcon } from '../PlainIcon.tsx';
import css from '../item.module.css';
import { StatusReplies } from './StatusReplies.tsx';

/**
 * Memoised: a list grows two cards per task (useIncremental), and each step would otherwise render
 * every card already shown again (the query keeps an unchanged update the same object).
 */
export const StatusUpdateCard = memo(function StatusUpdateCard({
  update,
}: {
  update: StatusUpdate;
}) {
  const { t, i18n } = useTranslation();
  const repliesId = useId();
  const [open, setOpen] = useState(false);
  const edit = useUpdateStatusUpdate();
  const remove = useDeleteStatusUpdate();

  return (
    <article className={css.card} data-testid="status-update">
      <ConversationItem
        target="statusUpdate"
        item={update}
        save={(content) => edit.mutateAsync({ id: update.id, content })}
        remove={remove}
        action={
          <ActionButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={open ? repliesId : undefined}
            aria-label={t(open ? 'status.hideReplies' : 'status.showReplies', {
              count: update.replyCount,
            })}
            className={css.compact}
          >
            <span className={css.startIcon}>
              <PlainIcon name="chatBubbleOutline" />
            </span>
            {formatCompactNumber(update.replyCount, i18n.resolvedLanguage ?? 'en')}
          </ActionButton>
        }
      >
        {open ? (
          <div id={repliesId}>
            <StatusReplies update={update} />
          </div>
        ) : null}
      </ConversationItem>
    </article>
  );
});
