/**
 * Who liked something: avatars, names (linking to profiles) and displayed roles, newest like
 * first, with "Show more" for the next page.
 */
import { useId } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { roleLineThrough, roles } from '@atelier/shared';
import { useLikers, type LikeTarget } from '../api/likes.ts';
import { DialogQuery } from './DialogQuery.tsx';
import { RoleLabel } from './RoleLabel.tsx';
import { UserAvatar } from './UserAvatar.tsx';

export function LikersDialog({
  target,
  id,
  open,
  onClose,
}: {
  target: LikeTarget;
  id: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const likers = useLikers(target, id, open);
  const items = likers.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('likers.title')}</DialogTitle>
      <DialogContent dividers>
        <DialogQuery query={likers} loading={t('likers.loading')}>
          {() =>
            items.length === 0 ? (
              <Typography color="text.secondary">{t('likers.none')}</Typography>
            ) : (
              <List dense aria-labelledby={titleId}>
                {items.map(({ user }) => (
                  <ListItem key={user.id} disableGutters>
                    <ListItemAvatar>
                      <UserAvatar username={user.username} avatarPath={user.avatarPath} size={36} />
                    </ListItemAvatar>
                    <ListItemText
                      primary={
                        <Link
                          component={RouterLink}
                          to={`/users/${user.id}`}
                          underline="hover"
                          onClick={onClose}
                          sx={{
                            color: roles[user.displayedRole].color,
                            textDecoration: roleLineThrough(user.displayedRole)
                              ? 'line-through'
                              : undefined,
                            fontWeight: 600,
                            overflowWrap: 'anywhere',
                          }}
                        >
                          {user.username}
                        </Link>
                      }
                      secondary={<RoleLabel role={user.displayedRole} variant="caption" />}
                      slotProps={{ secondary: { component: 'div' } }}
                    />
                  </ListItem>
                ))}
              </List>
            )
          }
        </DialogQuery>
        {likers.hasNextPage ? (
          <Button
            onClick={() => void likers.fetchNextPage()}
            loading={likers.isFetchingNextPage}
            fullWidth
          >
            {t('likers.more')}
          </Button>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('likers.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export default LikersDialog;
