/** Ban-evasion signal on a profile: the other accounts that used one of this user's visitor ids. */
import { useTranslation } from '../../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSharedVisitors } from '../../../api/moderation.ts';
import { PanelList, PanelSection } from '../../../components/moderation/PanelSection.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { RoleLabel } from '../../../components/RoleLabel.tsx';

export function SharedVisitors({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const list = useSharedVisitors(userId);
  return (
    <PanelSection id="shared-visitors-heading" title={t('moderation.visitors.title')}>
      <PanelList query={list} empty={t('moderation.visitors.empty')}>
        {(account) => (
          <Stack
            component="li"
            key={account.user.id}
            direction="row"
            sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}
          >
            <Link
              component={RouterLink}
              to={`/users/${account.user.id}`}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {account.user.username}
            </Link>
            <RoleLabel role={account.user.displayedRole} />
            {account.isBanned ? (
              <Chip size="small" color="error" label={t('moderation.visitors.banned')} />
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {t('moderation.visitors.shared', { n: account.sharedVisitorIds })} ·{' '}
              {t('moderation.visitors.lastSeen')} <RelativeTime value={account.lastSeenTogether} />
            </Typography>
          </Stack>
        )}
      </PanelList>
    </PanelSection>
  );
}
