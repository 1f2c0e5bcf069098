/**
 * Who wrote something and when: avatar, username in the displayed role's colour (linking to the
 * profile), relative time with the full date in a tooltip, and "edited ×N · <when>" when the
 * item has editions (the edition count and the last edition's relative time). A deleted author
 * shows "[deleted]"; a deleted account "[deleted user]" (no link). Plain elements
 * (item.module.css): every comment, reply and status update has one.
 */
import { useTranslation } from '../i18n/useTranslation.tsx';
import { AppLink } from './AppLink.tsx';
import { DELETED_USERNAME, roleLineThrough, roles, type PublicUser } from '@atelier/shared';
import { WithPresence } from './PresenceDot.tsx';
import { RelativeTime } from './RelativeTime.tsx';
import { UserAvatar } from './UserAvatar.tsx';
import css from './item.module.css';

export interface AuthorLineProps {
  author: PublicUser | null;
  timestamp: string;
  edition?: { editionCount: number; editionTimestamp: string | null };
  size?: 'small' | 'medium';
}

export function AuthorLine({ author, timestamp, edition, size = 'medium' }: AuthorLineProps) {
  const { t } = useTranslation();
  const small = size === 'small';
  const text = `${small ? css.caption : css.body2} ${css.secondary}`;
  const edited = edition && edition.editionCount > 0;
  return (
    <div className={css.authorLine} data-testid="author-line">
      {author ? (
        <WithPresence userId={author.id} size={small ? 24 : 32}>
          <UserAvatar
            username={author.username}
            avatarPath={author.avatarPath}
            size={small ? 24 : 32}
          />
        </WithPresence>
      ) : null}
      {author && author.username === DELETED_USERNAME ? (
        <span className={`${text} ${css.italic}`}>{t('authorLine.deletedUser')}</span>
      ) : author ? (
        <AppLink
          to={`/users/${author.id}`}
          className={`${small ? css.caption : css.body2} ${css.authorName}`}
          data-role={author.displayedRole}
          style={{
            color: roles[author.displayedRole].color,
            textDecoration: roleLineThrough(author.displayedRole) ? 'line-through' : undefined,
          }}
        >
          {author.username}
        </AppLink>
      ) : (
        <span className={`${text} ${css.italic}`}>{t('authorLine.deleted')}</span>
      )}
      <span className={text} aria-hidden>
        ·
      </span>
      <span className={text}>
        <RelativeTime value={timestamp} />
      </span>
      {edited ? (
        <span className={`${text} ${css.italic}`} data-testid="edition-marker">
          {t('authorLine.edited', { count: edition.editionCount })}
          {edition.editionTimestamp ? (
            <>
              {' · '}
              <RelativeTime value={edition.editionTimestamp} />
            </>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}
