/** The indented column under a comment or status update that holds its replies and composer. */
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { ConversationNs } from '../ItemActions.tsx';
import css from '../item.module.css';

/** `indent`: the left padding from 600 px up, in pixels (12 px below). */
export function ReplyThread({ indent, children }: { indent: number; children: ReactNode }) {
  return (
    <div className={css.thread} style={{ '--thread-indent': `${indent}px` } as CSSProperties}>
      {children}
    </div>
  );
}

/** The list of replies ("Replies to this comment", "Replies"), each a `ConversationItem` `li`. */
export function ReplyList({
  ns,
  id,
  children,
}: {
  ns: ConversationNs;
  id?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ul id={id} className={css.replyList} aria-label={t(`${ns}.repliesList`)}>
      {children}
    </ul>
  );
}
