/** Ban-evasion signal on a profile: the other accounts that used one of this user's visitor ids. */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../../api/client.ts';
import { useSharedVisitors } from '../../../api/moderation.ts';
import { translateError } from '../../../components/errors.ts';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { RoleLabel } from '../../../components/RoleLabel.tsx';

export function SharedVisitors({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const list = useSharedVisitors(userId);
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="shared-visitors-heading">
      <Typography
        id="shared-visitors-heading"
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600 }}
      >
        {t('moderation.visitors.title')}
      </Typography>
      {list.isError ? (
        <Alert severity="error">
          {translateError(t, isApiError(list.error) ? list.error.code : null)}
        </Alert>
      ) : list.isPending ? null : list.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('moderation.visitors.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.data.map((account) => (
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
                {t('moderation.visitors.lastSeen')}{' '}
                <RelativeTime value={account.lastSeenTogether} />
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
