/**
 * Accounts seen on the same browser (visitor id) as a banned user: possible ban evasion. One card
 * per account, with its shared visitor ids and the banned accounts it shares them with.
 */
import { Fragment } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BanEvasionSignal } from '@atelier/shared';
import { RelativeTime } from '../../components/RelativeTime.tsx';

export function BanEvasionList({ signals }: { signals: BanEvasionSignal[] }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="ban-evasion-title">
      <Typography id="ban-evasion-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('reports.evasion.title')}
      </Typography>
      {signals.length === 0 ? (
        <Typography color="text.secondary">{t('reports.evasion.none')}</Typography>
      ) : (
        <Stack spacing={1.5}>
          <Alert severity="info">{t('reports.evasion.intro')}</Alert>
          <Stack spacing={1.5} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {signals.map((s) => (
              <Card
                key={s.otherUser.id}
                variant="outlined"
                component="li"
                data-testid="ban-evasion"
              >
                <CardContent
                  sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}
                >
                  <Typography variant="body1" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
                    <Link component={RouterLink} to={`/users/${s.otherUser.id}`}>
                      {s.otherUser.username}
                    </Link>
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {t('reports.evasion.shares')}
                    {': '}
                    {s.bannedUsers.map((b, i) => (
                      <Fragment key={b.user.id}>
                        {i > 0 ? ', ' : null}
                        <Link component={RouterLink} to={`/users/${b.user.id}`}>
                          {b.user.username}
                        </Link>
                      </Fragment>
                    ))}
                  </Typography>
                  {s.bannedUsers
                    .filter((b) => b.banReason)
                    .map((b) => (
                      <Typography
                        key={b.user.id}
                        variant="body2"
                        color="text.secondary"
                        sx={{ overflowWrap: 'anywhere' }}
                      >
                        {s.bannedUsers.length > 1
                          ? t('reports.evasion.banReasonOf', {
                              name: b.user.username,
                              reason: b.banReason,
                            })
                          : t('reports.evasion.banReason', { reason: b.banReason })}
                      </Typography>
                    ))}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {t('reports.evasion.visitors', {
                      count: s.visitorIds.length,
                      ids: s.visitorIds.join(', '),
                    })}{' '}
                    · {t('reports.evasion.seen')} <RelativeTime value={s.seenAt} />
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
