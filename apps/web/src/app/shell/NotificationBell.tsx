/**
 * The notification bell (issue 4), loaded lazily by the top bar for users with access: it holds
 * the tab's socket, shows the count (`9+` above nine, hidden at 0) and a discreet dot with a
 * "Reconnecting…" tooltip while the socket is down. Its menu loads on use.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { notificationBadge } from '@atelier/shared';
import { useNotifications } from '../../api/notifications.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';
import { useLiveSocket } from '../live/useLiveSocket.ts';

const loadMenu = () => import('./NotificationMenu.tsx');
const NotificationMenu = lazy(loadMenu);

export function NotificationBellView({
  count,
  reconnecting,
  onOpen,
}: {
  count: number;
  reconnecting: boolean;
  onOpen: (el: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <IconButton
        color="inherit"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(e) => onOpen(e.currentTarget)}
      >
        {/* Named by hidden text, not aria-label (the badge is visible text a label must match). */}
        <VisuallyHidden>{t('notifications.bell', { count })}</VisuallyHidden>
        <Badge
          badgeContent={notificationBadge(count)}
          color="error"
          invisible={count === 0}
          // The button's name says the count ("9+" would not match "Notifications (12)").
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {reconnecting ? (
        <Tooltip title={t('live.reconnecting')}>
          <Box
            role="status"
            aria-label={t('live.reconnecting')}
            tabIndex={0}
            sx={{
              position: 'absolute',
              bottom: 6,
              left: 6,
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: 'warning.main',
            }}
          />
        </Tooltip>
      ) : null}
    </Box>
  );
}

export default function NotificationBell() {
  const live = useLiveSocket(true);
  const notifications = useNotifications(true);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = notifications.data ?? [];
  return (
    <>
      <NotificationBellView
        count={list.length}
        reconnecting={live.started && !live.connected}
        onOpen={setAnchor}
      />
      {anchor ? (
        <Suspense fallback={null}>
          <NotificationMenu
            anchor={anchor}
            notifications={list}
            loading={notifications.isPending}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
