/**
 * Who liked something: avatars, names (linking to profiles) and displayed roles, newest like
 * first, with "Show more" for the next page.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
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
import { isApiError } from '../api/client.ts';
import { useLikers, type LikeTarget } from '../api/likes.ts';
import { translateError } from './errors.ts';
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
        {likers.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress aria-label={t('likers.loading')} />
          </Box>
        ) : likers.isError ? (
          <Alert severity="error">
            {translateError(t, isApiError(likers.error) ? likers.error.code : null)}
          </Alert>
        ) : items.length === 0 ? (
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
        )}
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
