/** The replies of one status update (oldest first), each answerable, and the reply composer. */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { StatusReply, StatusUpdate } from '@atelier/shared';
import {
  useCreateStatusReply,
  useDeleteStatusReply,
  useStatusReplies,
  useUpdateStatusReply,
} from '../../api/statusUpdates.ts';
import { CircularProgress } from '../CircularProgress.tsx';
import { QueryError } from '../QueryError.tsx';
import { ConversationItem } from '../conversation/ConversationItem.tsx';
import { ReplyComposer } from '../conversation/ConversationComposer.tsx';
import { ReplyList, ReplyThread } from '../conversation/Replies.tsx';
import css from './status.module.css';

function StatusReplyItem({
  reply,
  onReply,
}: {
  reply: StatusReply;
  onReply: (reply: StatusReply) => void;
}) {
  const update = useUpdateStatusReply();
  const remove = useDeleteStatusReply();
  return (
    <ConversationItem
      target="statusReply"
      item={reply}
      save={(content) => update.mutateAsync({ id: reply.id, content })}
      remove={remove}
      onReply={() => onReply(reply)}
    />
  );
}

export function StatusReplies({ update }: { update: StatusUpdate }) {
  const { t } = useTranslation();
  const replies = useStatusReplies(update.id, true);
  const create = useCreateStatusReply();
  const [replyTo, setReplyTo] = useState<StatusReply | null>(null);
  const target = replyTo ? replyTo.author : update.author;

  return (
    <ReplyThread indent={16}>
      {replies.isPending ? (
        <div className={css.repliesLoading}>
          <CircularProgress className={css.repliesProgress} aria-label={t('common.loading')} />
        </div>
      ) : replies.isError ? (
        <QueryError error={replies.error} onRetry={() => void replies.refetch()} />
      ) : replies.data.length > 0 ? (
        <ReplyList ns="status">
          {replies.data.map((reply) => (
            <StatusReplyItem key={reply.id} reply={reply} onReply={setReplyTo} />
          ))}
        </ReplyList>
      ) : null}
      <ReplyComposer
        key={replyTo?.id ?? 'status'}
        ns="status"
        to={target}
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
    </ReplyThread>
  );
}
