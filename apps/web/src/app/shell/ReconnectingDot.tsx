/**
 * The bell's discreet dot while the socket is down, with a "Reconnecting…" tooltip: MUI's Tooltip
 * on a Box. Rare, so its own chunk (NotificationBell.tsx loads it when it is shown): MUI's Tooltip,
 * Popper and their base (~40 KB gzip) are not downloaded with the bell on every member's page.
 */
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from '../../i18n/useTranslation.tsx';

export default function ReconnectingDot() {
  const { t } = useTranslation();
  return (
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
  );
}
