/**
 * Who wrote something and when: avatar, username in the displayed role's colour (linking to the
 * profile), relative time with the full date in a tooltip, and "edited ×N · <when>" when the
 * item has editions (the edition count and the last edition's relative time). A deleted author
 * shows "[deleted]"; a deleted account "[deleted user]" (no link).
 */
import { useTranslation } from '../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DELETED_USERNAME, roleLineThrough, roles, type PublicUser } from '@atelier/shared';
import { WithPresence } from './PresenceDot.tsx';
import { RelativeTime } from './RelativeTime.tsx';
import { UserAvatar } from './UserAvatar.tsx';

export interface AuthorLineProps {
  author: PublicUser | null;
  timestamp: string;
  edition?: { editionCount: number; editionTimestamp: string | null };
  size?: 'small' | 'medium';
}

/** "[deleted]" or "[deleted user]" where the name would be. */
function Gone({ variant, children }: { variant: 'caption' | 'body2'; children: string }) {
  return (
    <Typography
      component="span"
      variant={variant}
      color="text.secondary"
      sx={{ fontStyle: 'italic' }}
    >
      {children}
    </Typography>
  );
}

export function AuthorLine({ author, timestamp, edition, size = 'medium' }: AuthorLineProps) {
  const { t } = useTranslation();
  const small = size === 'small';
  const variant = small ? 'caption' : 'body2';
  const edited = edition && edition.editionCount > 0;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap', rowGap: 0.5 }}
      data-testid="author-line"
    >
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
        <Gone variant={variant}>{t('authorLine.deletedUser')}</Gone>
      ) : author ? (
        <Link
          component={RouterLink}
          to={`/users/${author.id}`}
          variant={variant}
          underline="hover"
          data-role={author.displayedRole}
          sx={{
            color: roles[author.displayedRole].color,
            textDecoration: roleLineThrough(author.displayedRole) ? 'line-through' : undefined,
            fontWeight: 600,
            overflowWrap: 'anywhere',
          }}
        >
          {author.username}
        </Link>
      ) : (
        <Gone variant={variant}>{t('authorLine.deleted')}</Gone>
      )}
      <Typography component="span" variant={variant} color="text.secondary" aria-hidden>
        ·
      </Typography>
      <Typography component="span" variant={variant} color="text.secondary">
        <RelativeTime value={timestamp} />
      </Typography>
      {edited ? (
        <Typography
          component="span"
          variant={variant}
          color="text.secondary"
          sx={{ fontStyle: 'italic' }}
          data-testid="edition-marker"
        >
          {t('authorLine.edited', { count: edition.editionCount })}
          {edition.editionTimestamp ? (
            <>
              {' · '}
              <RelativeTime value={edition.editionTimestamp} />
            </>
          ) : null}
        </Typography>
      ) : null}
    </Stack>
  );
}
