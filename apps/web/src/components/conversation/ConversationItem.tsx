/**
 * One item of a conversation, the same for a comment, a comment reply, a status update and a
 * status reply: the author line (with the edited marker), the "replying to" quote of a reply, the
 * body or its inline edit, and the action row (like, reply or the item's own middle action, edit
 * and delete for its author or a moderator, report). Words come from `comments.*` or `status.*`
 * (the target's namespace), a reply's from the `…Reply…` keys; a deleted comment shows
 * "[deleted]" above its replies, with no actions.
 *
 * What differs is handed in by small adapters: the save and delete calls (their API), the body of
 * a comment as Markdown (the server's `bodyHtml`; status updates are plain text), a comment's
 * anchor `id`, the middle action, and what follows (the replies).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { Comment, CommentReply, StatusReply, StatusUpdate } from '@atelier/shared';
import { useConfirm, useSnackbar } from '../../app/feedback/context.ts';
import { isApiError } from '../../api/client.ts';
import { AuthorLine } from '../AuthorLine.tsx';
import {
  ActionButton,
  conversationNs,
  ItemActions,
  type ConversationTarget,
} from '../ItemActions.tsx';
import { translateError } from '../errors.ts';
import { useCanManage } from '../useCanManage.ts';
import css from '../item.module.css';
import { ConversationComposer } from './ConversationComposer.tsx';
import { ReplyQuote } from './ReplyQuote.tsx';

/**
 * The delete mutation (React Query's): it may serve a whole list, one item at a time, so the item
 * is deleting while it runs with the item's id.
 */
export interface RemoveMutation {
  mutateAsync: (id: string) => Promise<unknown>;
  isPending: boolean;
  variables: unknown;
}

export type ConversationEntry = Comment | CommentReply | StatusUpdate | StatusReply;

export interface ConversationItemProps {
  target: ConversationTarget;
  item: ConversationEntry;
  /** The text as shown (a comment's Markdown); status updates show their text as written. */
  body?: ReactNode;
  save: (text: string) => Promise<unknown>;
  remove: RemoveMutation;
  /** The "Reply" action; `action` replaces it (a status update's replies toggle). */
  onReply?: () => void;
  action?: ReactNode;
  /** The anchor of a comment or comment reply (`#comment-…`, `#reply-…`). */
  id?: string;
  /** What comes under the item (its replies and their composer). */
  children?: ReactNode;
}

/**
 * The frame of each kind: an `li` of its list, or, for a status update, a `div` in its card; the
 * gap between its parts in pixels.
 */
const frames: Record<ConversationTarget, { gap: number; testId?: string; reply: boolean }> = {
  comment: { gap: 8, testId: 'comment', reply: false },
  commentReply: { gap: 6, testId: 'comment-reply', reply: true },
  statusUpdate: { gap: 10, reply: false },
  statusReply: { gap: 6, testId: 'status-reply', reply: true },
};

/** The two contracts name the same things differently (comments: body, createdAt, excerpt). */
function fieldsOf(item: ConversationEntry) {
  const comment = 'body' in item;
  const quoted = 'replyingTo' in item ? item.replyingTo : null;
  return {
    text: comment ? item.body : item.content,
    timestamp: comment ? item.createdAt : item.timestamp,
    quote: quoted
      ? { author: quoted.author, text: 'excerpt' in quoted ? quoted.excerpt : quoted.content }
      : null,
    deleted: item.author === null || ('deleted' in item && item.deleted),
  };
}

export function ConversationItem({
  target,
  item,
  body,
  save,
  remove,
  onReply,
  action,
  id,
  children,
}: ConversationItemProps) {
  const { t } = useTranslation();
  const ns = conversationNs(target);
  const { gap, testId, reply } = frames[target];
  const Frame = target === 'statusUpdate' ? 'div' : 'li';
  const { text, timestamp, quote, deleted } = fieldsOf(item);
  const author = deleted ? null : item.author;
  const canManage = useCanManage(author);
  const [editing, setEditing] = useState(false);
  const confirm = useConfirm();
  const snackbar = useSnackbar();

  const onDelete = async () => {
    const ok = await confirm({
      title: t(reply ? `${ns}.deleteReplyTitle` : `${ns}.deleteTitle`),
      message: t(reply ? `${ns}.deleteReplyConfirm` : `${ns}.deleteConfirm`),
      confirmText: t(`${ns}.delete`),
      confirmColor: 'error',
    });
    if (!ok) return;
    remove.mutateAsync(item.id).then(
      () =>
        snackbar({ message: t(reply ? `${ns}.replyDeleted` : `${ns}.deleted`), color: 'success' }),
      (err: unknown) =>
        snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' }),
    );
  };

  return (
    <Frame id={id} className={css.item} style={{ gap }} data-testid={testId}>
      <AuthorLine
        author={author}
        timestamp={timestamp}
        edition={deleted ? undefined : item}
        size={reply ? 'small' : 'medium'}
      />
      {quote ? <ReplyQuote author={quote.author} text={quote.text} ns={ns} /> : null}
      {!author ? (
        // Only a comment stays once deleted (above its replies).
        <p className={`${css.body1} ${css.secondary} ${css.italic}`} data-testid="comment-deleted">
          {t('comments.deletedBody')}
        </p>
      ) : editing ? (
        <ConversationComposer
          ns={ns}
          label={t(reply ? `${ns}.editReplyLabel` : `${ns}.editLabel`)}
          submitLabel={t(`${ns}.save`)}
          initial={text}
          keepAfterSubmit
          focusOnMount
          // A comment is edited in a box as tall as the one it was written in.
          minRows={target === 'comment' ? 3 : undefined}
          onCancel={() => setEditing(false)}
          onSubmit={async (value) => {
            await save(value);
            setEditing(false);
          }}
        />
      ) : (
        (body ?? <p className={`${reply ? css.body2 : css.body1} ${css.written}`}>{text}</p>)
      )}
      {!author ? null : (
        <ItemActions
          target={target}
          item={{ ...item, author }}
          manage={
            canManage && !editing
              ? {
                  onEdit: () => setEditing(true),
                  onDelete: () => void onDelete(),
                  deleting: remove.isPending && remove.variables === item.id,
                }
              : null
          }
        >
          {action ??
            (onReply ? (
              <ActionButton
                onClick={onReply}
                aria-label={t(`${ns}.replyTo`, { username: author.username })}
              >
                {t(`${ns}.reply`)}
              </ActionButton>
            ) : null)}
        </ItemActions>
      )}
      {children}
    </Frame>
  );
}
