/**
 * /notifications (issue 11): the whole history of the user's notifications, dismissed included,
 * newest first, 20 at a time ("Load more"), filtered by type. Each row links to its target; the
 * undismissed ones are marked "New" and have a Dismiss button. Live: the socket puts new ones
 * (and grouped likes updated) on top and marks dismissed ones (app/live/socket.ts).
 */
import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notificationTypes, type Notification, type NotificationType } from '@atelier/shared';
import {
  useDismissAllNotifications,
  useDismissNotification,
  useNotificationHistory,
} from '../../api/notifications.ts';
import {
  NotificationExcerpt,
  NotificationText,
  notificationLink,
} from '../../components/NotificationContent.tsx';
import { LoadMoreButton } from '../../components/LoadMore.tsx';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';

const isType = (value: string | null): value is NotificationType =>
  notificationTypes.some((t) => t === value);

function Row({ n, onDismiss }: { n: Notification; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <ListItem
      divider
      sx={{
        alignItems: 'flex-start',
        gap: 1.5,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        borderLeft: 4,
        borderLeftColor: n.dismissed ? 'transparent' : 'primary.main',
        bgcolor: n.dismissed ? undefined : 'action.hover',
      }}
    >
      <UserAvatar username={n.author.username} avatarPath={n.author.avatarPath} size={36} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link
          component={RouterLink}
          to={notificationLink(n)}
          onClick={() => {
            if (!n.dismissed) onDismiss(n.id);
          }}
          sx={{ fontWeight: n.dismissed ? 400 : 600, overflowWrap: 'anywhere' }}
        >
          <NotificationText n={n} />
        </Link>
        <NotificationExcerpt n={n} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            <RelativeTime value={n.timestamp} />
          </Typography>
          {n.dismissed ? null : (
            <Chip size="small" color="primary" label={t('notifications.new')} />
          )}
        </Stack>
      </Box>
      {n.dismissed ? null : (
        <Button size="small" onClick={() => onDismiss(n.id)} sx={{ flexShrink: 0 }}>
          {t('notifications.dismiss')}
        </Button>
      )}
    </ListItem>
  );
}

export default function NotificationsPage() {
  const { t } = useTranslation();
  const labelId = useId();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('type');
  const type = isType(requested) ? requested : null;
  const history = useNotificationHistory(type);
  const dismiss = useDismissNotification();
  const dismissAll = useDismissAllNotifications();
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const anyNew = items.some((n) => !n.dismissed);

  return (
    <Page title={t('notifications.pageTitle')} intro={t('notifications.pageIntro')} width="medium">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id={labelId}>{t('notifications.filter')}</InputLabel>
          <Select
            labelId={labelId}
            label={t('notifications.filter')}
            value={type ?? 'all'}
            onChange={(e) => {
              const next = new URLSearchParams(search);
              if (e.target.value === 'all') next.delete('type');
              else next.set('type', e.target.value);
              setSearch(next, { replace: true });
            }}
          >
            <MenuItem value="all">{t('notifications.allTypes')}</MenuItem>
            {notificationTypes.map((nt) => (
              <MenuItem key={nt} value={nt}>
                {t(`notifications.types.${nt}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {anyNew ? (
          <Button onClick={() => dismissAll.mutate()} disabled={dismissAll.isPending}>
            {t('notifications.dismissAll')}
          </Button>
        ) : null}
      </Stack>
      {history.isPending ? (
        <PageSpinner />
      ) : history.isError ? (
        <Typography role="alert" color="error">
          {t('notifications.loadError')}
        </Typography>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{t('notifications.historyEmpty')}</Typography>
      ) : (
        <List aria-label={t('notifications.pageTitle')} disablePadding>
          {items.map((n) => (
            <Row key={n.id} n={n} onDismiss={(id) => dismiss.mutate(id)} />
          ))}
        </List>
      )}
      <LoadMoreButton query={history} label={t('notifications.loadMore')} />
    </Page>
  );
}
