/** The quote line above a reply: "replying to @user: excerpt" (one line, ellipsis). */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { excerptOf, type PublicUser } from '@atelier/shared';
import type { ConversationNs } from '../ItemActions.tsx';
import css from '../item.module.css';

export function ReplyQuote({
  author,
  text,
  ns,
}: {
  author: PublicUser | null;
  text: string;
  ns: ConversationNs;
}) {
  const { t } = useTranslation();
  const excerpt = excerptOf(text, 160);
  return (
    <blockquote className={css.replyQuote} data-testid="reply-quote">
      <p className={css.caption}>
        {t(`${ns}.replyingTo`, { username: author?.username ?? t(`${ns}.deletedUser`) })}{' '}
        <span className={css.italic}>{excerpt || t(`${ns}.deletedText`)}</span>
      </p>
    </blockquote>
  );
}
