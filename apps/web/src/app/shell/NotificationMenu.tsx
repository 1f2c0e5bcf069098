/**
 * The notification list (issue 4): the 10 most recent undismissed, newest first, 500–900 px wide
 * (94vw on mobile). Comment and reply entries dismiss and open the post at the comment; the
 * mention and like entries too; the other types have a Dismiss button; "Dismiss all" empties the
 * list; "See all" opens /notifications (the history). Closes on navigation.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import Link from '@mui/material/Link';
import type { Notification } from '@atelier/shared';
import { useDismissAllNotifications, useDismissNotification } from '../../api/notifications.ts';
import {
  NotificationExcerpt,
  NotificationText,
  notificationTarget,
} from '../../components/NotificationContent.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';

export { notificationTarget } from '../../components/NotificationContent.tsx';

function Entry({
  n,
  onOpen,
  onDismiss,
}: {
  n: Notification;
  onOpen: (n: Notification, to: string) => void;
  onDismiss: (n: Notification) => void;
}) {
  const { t } = useTranslation();
  const to = notificationTarget(n);
  const body = (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'flex-start', minWidth: 0, flexGrow: 1 }}
    >
      <UserAvatar username={n.author.username} avatarPath={n.author.avatarPath} size={32} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <NotificationText n={n} />
        </Typography>
        <NotificationExcerpt n={n} />
        {n.type === 'postRemoval' ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('notifications.rulesReminder')}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          <RelativeTime value={n.timestamp} />
        </Typography>
      </Box>
    </Stack>
  );
  if (to) {
    return (
      <ListItem disablePadding divider>
        <ListItemButton onClick={() => onOpen(n, to)}>{body}</ListItemButton>
      </ListItem>
    );
  }
  return (
    <ListItem
      divider
      secondaryAction={
        <IconButton edge="end" aria-label={t('notifications.dismiss')} onClick={() => onDismiss(n)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      {body}
    </ListItem>
  );
}

export interface NotificationMenuProps {
  anchor: HTMLElement;
  notifications: Notification[];
  loading?: boolean;
  onClose: () => void;
}

export default function NotificationMenu({
  anchor,
  notifications,
  loading = false,
  onClose,
}: NotificationMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const dismiss = useDismissNotification();
  const dismissAll = useDismissAllNotifications();
  const first = useRef(`${location.pathname}${location.search}${location.hash}`);
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (here !== first.current) onClose();
  }, [here, onClose]);

  const open = (n: Notification, to: string) => {
    dismiss.mutate(n.id);
    onClose();
    void navigate(to);
  };

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': t('notifications.title'),
          sx: {
            width: { xs: '94vw', md: 'auto' },
            minWidth: { xs: 0, md: 500 },
            maxWidth: { xs: '94vw', md: 900 },
          },
        },
      }}
    >
      <Stack
        direction="row"
        sx={{
          px: 2,
          pt: 1.5,
          pb: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('notifications.title')}
        </Typography>
        {notifications.length > 0 ? (
          <Button size="small" onClick={() => dismissAll.mutate()} disabled={dismissAll.isPending}>
            {t('notifications.dismissAll')}
          </Button>
        ) : null}
      </Stack>
      {notifications.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {loading ? t('notifications.loading') : t('notifications.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {notifications.map((n) => (
            <Entry key={n.id} n={n} onOpen={open} onDismiss={(x) => dismiss.mutate(x.id)} />
          ))}
        </List>
      )}
      <Box sx={{ px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
        <Link component={RouterLink} to="/notifications" onClick={onClose}>
          {t('notifications.seeAll')}
        </Link>
      </Box>
    </Popover>
  );
}
