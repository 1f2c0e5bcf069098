/**
 * The action row under a comment, a comment reply, a status update or a status reply: like, the
 * item's own middle action (reply, or the replies toggle) given as children, edit and delete for
 * its author or a moderator (`manage`), and report for everyone else.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import type { PublicUser } from '@atelier/shared';
import { LikeButton } from './LikeButton.tsx';
import { ReportButton } from './report/ReportButton.tsx';
import css from './item.module.css';

export type ConversationTarget = 'comment' | 'commentReply' | 'statusUpdate' | 'statusReply';

/** Comments and their replies take their words from `comments.*`, status updates from `status.*`. */
export type ConversationNs = 'comments' | 'status';

export function conversationNs(target: ConversationTarget): ConversationNs {
  return target === 'comment' || target === 'commentReply' ? 'comments' : 'status';
}

export interface ItemActionsProps {
  target: ConversationTarget;
  item: { id: string; liked: boolean; likeCount: number; author: PublicUser };
  /** Edit and delete, when the viewer may manage the item and is not editing it already. */
  manage: { onEdit: () => void; onDelete: () => void; deleting: boolean } | null;
  children?: ReactNode;
}

/**
 * A quiet text button of the row (reply, edit, delete, report): a plain button with the look of
 * MUI's small text button in the secondary text colour (item.module.css).
 */
export function ActionButton({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={className ? `${css.button} ${className}` : css.button}
      {...props}
    />
  );
}

export function ItemActions({ target, item, manage, children }: ItemActionsProps) {
  const { t } = useTranslation();
  const ns = conversationNs(target);
  return (
    <div className={css.actions}>
      <LikeButton target={target} id={item.id} liked={item.liked} likeCount={item.likeCount} />
      {children}
      {manage ? (
        <>
          <ActionButton onClick={manage.onEdit}>{t(`${ns}.edit`)}</ActionButton>
          <ActionButton onClick={manage.onDelete} disabled={manage.deleting}>
            {t(`${ns}.delete`)}
          </ActionButton>
        </>
      ) : null}
      <ReportButton
        targetType={target}
        targetId={item.id}
        authorId={item.author.id}
        authorName={item.author.username}
      />
    </div>
  );
}
