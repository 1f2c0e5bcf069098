/** One pending application as an <article>: the applicant, the answers, the links, moderator notes, the actions. */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Application } from '@atelier/shared';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { NotesPanel } from '../../components/moderation/NotesPanel.tsx';
import { DecisionActions } from './TabList.tsx';

export type CardAction = 'approve' | 'reject' | 'ban';

export function ApplicationCard({
  application,
  onAction,
}: {
  application: Application;
  onAction: (action: CardAction) => void;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { applicant } = application;
  const headingId = `application-${application.id}`;

  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
              <UserAvatar
                username={applicant.username}
                avatarPath={applicant.avatarPath}
                size={44}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  id={headingId}
                  variant="h6"
                  component="h2"
                  sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
                >
                  {applicant.username}
                </Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {applicant.email}
                </Typography>
              </Box>
            </Stack>
            <Chip
              label={t(`application.types.${application.requestedType}`)}
              color="primary"
              variant="outlined"
              sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('applications.registered', { date: format.date(applicant.registrationTimestamp) })}
            {' · '}
            {t('applications.submitted')} <RelativeTime value={application.createdAt} />
          </Typography>
          <Answer title={t('application.aboutYou')} text={application.aboutYou} />
          <Answer title={t('application.whyJoin')} text={application.whyJoin} />
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('application.links')}
            </Typography>
            {application.links.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('applications.noLinks')}
              </Typography>
            ) : (
              <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
                {application.links.map((href) => (
                  <li key={href}>
                    <Link
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {href}
                    </Link>
                  </li>
                ))}
              </Stack>
            )}
          </Box>
          <Divider />
          <NotesPanel userId={applicant.id} />
        </Stack>
      </CardContent>
      <DecisionActions>
        <Button variant="contained" color="success" onClick={() => onAction('approve')}>
          {t('applications.approve')}
        </Button>
        <Button variant="outlined" onClick={() => onAction('reject')}>
          {t('applications.reject')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button color="error" onClick={() => onAction('ban')}>
          {t('applications.ban')}
        </Button>
      </DecisionActions>
    </Card>
  );
}

function Answer({ title, text }: { title: string; text: string }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}
