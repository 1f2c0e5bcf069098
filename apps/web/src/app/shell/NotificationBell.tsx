/**
 * The notification bell (issue 4), loaded lazily by the top bar for users with access: it holds
 * the tab's socket, shows the count (`9+` above nine, hidden at 0) and a discreet dot with a
 * "Reconnecting…" tooltip while the socket is down. Its menu loads on use. The button and its badge
 * are plain elements with the look of MUI's IconButton and Badge (shell.module.css).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { notificationBadge } from '@atelier/shared';
import { useNotifications } from '../../api/notifications.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';
import { useIdle } from '../idle.ts';
import { useLiveSocket } from '../live/useLiveSocket.ts';
import { ShellIcon } from './ShellIcon.tsx';
import css from './shell.module.css';

const loadMenu = () => import('./NotificationMenu.tsx');
const NotificationMenu = lazy(loadMenu);
/** Shown while the socket is down (rare): MUI's Tooltip stays out of the bell's chunk. */
const ReconnectingDot = lazy(() => import('./ReconnectingDot.tsx'));

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
  const content = notificationBadge(count);
  // While it shrinks away at 0, the badge keeps its last number (as MUI's Badge does).
  const [shown, setShown] = useState(count > 0 ? content : '');
  if (count > 0 && shown !== content) setShown(content);
  return (
    <div className={css.bell}>
      <button
        type="button"
        className={css.iconButton}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(e) => onOpen(e.currentTarget)}
      >
        {/* Named by hidden text, not aria-label (the badge is visible text a label must match). */}
        <VisuallyHidden>{t('notifications.bell', { count })}</VisuallyHidden>
        <span className={css.badgeAnchor}>
          <ShellIcon name="notifications" />
          {/* The button's name says the count ("9+" would not match "Notifications (12)"). */}
          <span className={count === 0 ? `${css.badge} ${css.badgeHidden}` : css.badge} aria-hidden>
            {count === 0 ? shown : content}
          </span>
        </span>
      </button>
      {reconnecting ? (
        <Suspense fallback={null}>
          <ReconnectingDot />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * The socket opens and the notifications load once the page is idle (or the bell is opened): the
 * page's own content is built and painted first, not after a WebSocket handshake and a request.
 */
export default function NotificationBell() {
  const idle = useIdle(2_000);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const ready = idle || anchor !== null;
  const live = useLiveSocket(ready);
  const notifications = useNotifications(ready);
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
