/**
 * A profile's presence line (issue 4): "Online", or "Last seen 5 minutes ago" with the full date
 * in a tooltip (RelativeTime); kept current by the socket through the presence query.
 */
import { useTranslation } from '../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UserPresence } from '@atelier/shared';
import { usePresence } from '../api/presence.ts';
import { RelativeTime } from './RelativeTime.tsx';

/** "Online" or "Last seen 5 minutes ago" (nothing when never seen), as on profiles. */
export function PresenceStatusView({ presence }: { presence: UserPresence }) {
  const { t } = useTranslation();
  const seen = presence.lastSeenTimestamp;
  if (!presence.online && !seen) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="presence-status">
      {presence.online || !seen ? (
        <Box component="span" sx={{ color: 'success.main', fontWeight: 600 }}>
          {t('presence.online')}
        </Box>
      ) : (
        <>
          {t('presence.lastSeen')} <RelativeTime value={seen} />
        </>
      )}
    </Typography>
  );
}

/** The live status line of a profile, starting from the profile's own record. */
export function PresenceStatus({ initial }: { initial: UserPresence }) {
  const presence = usePresence(initial.userId, initial) ?? initial;
  return <PresenceStatusView presence={presence} />;
}
